import type { MessageInstance } from 'antd/es/message/interface';

/** Spec section 9: the copy toast lives 2 s. */
export const COPY_TOAST_SECONDS = 2;

/**
 * Copies `text` and says so (spec sections 8 and 9): "Copied" for 2 s, "Copy failed" when the
 * browser refused, and "This browser does not support copy" where there is no clipboard at all
 * (an insecure page, an old browser).
 */
export async function copyText(
  text: string,
  message: MessageInstance,
  t: (key: string) => string,
): Promise<boolean> {
  if (!navigator.clipboard?.writeText) {
    void message.error(t('This browser does not support copy'), COPY_TOAST_SECONDS);
    return false;
  }
  try {
    await navigator.clipboard.writeText(text);
    void message.success(t('Copied'), COPY_TOAST_SECONDS);
    return true;
  } catch {
    void message.error(t('Copy failed'), COPY_TOAST_SECONDS);
    return false;
  }
}
