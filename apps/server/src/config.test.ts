import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration from the environment', () => {
  it('defaults to port 3000 on 127.0.0.1 with the embedded database', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data', TRUST_PROXY: false });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('a bad value stops start-up with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'nope' })).toThrow(/ADMIN_EMAIL/);
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET/);
  });

  it('booleans are read one way: true/1 and false/0 in any case; empty means the default; anything else names the variable', () => {
    expect(loadConfig({ TRUST_PROXY: 'TRUE', JOBS_ENABLED: '0', SERVE_WEB: '' })).toMatchObject({
      TRUST_PROXY: true,
      JOBS_ENABLED: false,
      SERVE_WEB: true,
    });
    expect(loadConfig({ JOBS_ENABLED: 'False' }).JOBS_ENABLED).toBe(false);
    expect(() => loadConfig({ JOBS_ENABLED: 'yes' })).toThrow(/JOBS_ENABLED/);
    expect(() => loadConfig({ TRUST_PROXY: 'on' })).toThrow(/TRUST_PROXY/);
  });

  it('an empty value is unset: APP_SECRET= and DATABASE_URL= change nothing', () => {
    const config = loadConfig({ APP_SECRET: '', DATABASE_URL: '' });
    expect(config.APP_SECRET).toBeUndefined();
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('PUBLIC_URL wins over the host and port', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://app.example.com' }).publicUrl).toBe('https://app.example.com');
  });
});
