import { startAlipayStandIn } from './alipay-stand-in';

/**
 * The Alipay stand-in, by hand, for a demo or a browser journey:
 *
 *   npm run alipay:stand-in -w @app/server                   (port 4050)
 *   STAND_IN_PORT=4051 npm run alipay:stand-in -w @app/server
 *   STAND_IN_MODE=certificate npm run alipay:stand-in -w @app/server   (certificate mode)
 *
 * The app's keys and Alipay's are made at start, so they change with every run: it prints the
 * server settings to use (an environment to seed the vault, or the values for the admin
 * foreign-keys page, kind Alipay). The gateway's forms open its cashier (pay or decline); notices
 * go to each trade's `notify_url`, retried on Alipay's own schedule until answered `success`.
 */
const env = process.env;
const standIn = await startAlipayStandIn({
  port: Number(env.STAND_IN_PORT ?? 4050),
  host: env.STAND_IN_HOST ?? '127.0.0.1',
  ...(env.STAND_IN_PUBLIC_URL ? { publicUrl: env.STAND_IN_PUBLIC_URL } : {}),
  mode: env.STAND_IN_MODE === 'certificate' ? 'certificate' : 'public_key',
});

const oneLine = (value: string) => value.trim().replaceAll('\n', '\\n');
const values = standIn.vaultValues();
const settings: Record<string, string> = {
  ALIPAY_BASE_URL: standIn.url,
  ALIPAY_GATEWAY: standIn.gateway,
  ALIPAY_APP_ID: values.app_id ?? '',
  ALIPAY_APP_PRIVATE_KEY: oneLine(values.app_private_key ?? ''),
  ...(values.alipay_public_key ? { ALIPAY_PUBLIC_KEY: oneLine(values.alipay_public_key) } : {}),
};
process.stdout.write(
  `Alipay stand-in on ${standIn.url}\nServer settings (REGION=cn):\n${Object.entries(settings)
    .map(([key, value]) => `${key}=${value}`)
    .join('\n')}\n`,
);
if (standIn.certificates) {
  // Certificate mode is set on the admin foreign-keys page (kind Alipay): paste these there.
  process.stdout.write(
    `Certificate mode: paste on the foreign-keys page (Alipay)\n${[
      'app_cert',
      'alipay_cert',
      'alipay_root_cert',
    ]
      .map((field) => `--- ${field}\n${values[field] ?? ''}`)
      .join('\n')}\n`,
  );
}

const stop = () => {
  void standIn.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
