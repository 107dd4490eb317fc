import { startWechatpayStandIn } from './wechatpay-stand-in';

/**
 * The WeChat Pay stand-in, by hand, for a demo or a browser journey:
 *
 *   npm run wechatpay:stand-in -w @app/server                 (port 4040, platform certificates)
 *   STAND_IN_PORT=4041 STAND_IN_MODE=public_key npm run wechatpay:stand-in -w @app/server
 *
 * Its merchant's keys are made at start, so they change with every run: it prints the server
 * settings to use (an environment to seed the vault, or the values for the admin foreign-keys
 * page, kind WeChat Pay). Notices go to each order's `notify_url`, retried on WeChat Pay's own
 * schedule. `code_url` and `h5_url` open its payer page (pay or decline).
 */
const env = process.env;
const standIn = await startWechatpayStandIn({
  port: Number(env.STAND_IN_PORT ?? 4040),
  host: env.STAND_IN_HOST ?? '127.0.0.1',
  ...(env.STAND_IN_PUBLIC_URL ? { publicUrl: env.STAND_IN_PUBLIC_URL } : {}),
  mode: env.STAND_IN_MODE === 'public_key' ? 'public_key' : 'platform_certificate',
});

const oneLine = (value: string) => value.trim().replaceAll('\n', '\\n');
const values = standIn.vaultValues();
const settings: Record<string, string> = {
  WECHATPAY_BASE_URL: standIn.url,
  WECHATPAY_MCHID: values.mchid ?? '',
  WECHATPAY_APPID: values.appid ?? '',
  WECHATPAY_JSAPI_APPID: values.jsapi_appid ?? '',
  WECHATPAY_MERCHANT_SERIAL: values.merchant_serial ?? '',
  WECHATPAY_APIV3_KEY: values.apiv3_key ?? '',
  WECHATPAY_MERCHANT_PRIVATE_KEY: oneLine(values.merchant_private_key ?? ''),
  ...(values.public_key_id
    ? {
        WECHATPAY_PUBLIC_KEY_ID: values.public_key_id,
        WECHATPAY_PUBLIC_KEY: oneLine(values.public_key ?? ''),
      }
    : {}),
};
process.stdout.write(
  `WeChat Pay stand-in on ${standIn.url} (${standIn.mode})\nServer settings (REGION=cn):\n${Object.entries(
    settings,
  )
    .map(([key, value]) => `${key}=${value}`)
    .join('\n')}\n`,
);

const stop = () => {
  void standIn.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
