/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Chooses the login variant and default language; checked at build time by vite.config.ts. */
  readonly VITE_REGION?: 'global' | 'cn';
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** package.json version, injected by vite.config.ts `define`. */
declare const __APP_VERSION__: string;
