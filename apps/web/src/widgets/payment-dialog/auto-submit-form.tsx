import { Button, Flex, Spin, Typography } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface ProviderForm {
  action: string;
  method: 'get' | 'post';
  fields: { name: string; value: string }[];
}

/**
 * Reads the provider's form out of the HTML it answered (Alipay's `alipay_form`), keeping only
 * its action, method and fields: the provider's markup and script never enter the page. A form
 * whose action is not an http(s) address is refused (null).
 */
export function parseProviderForm(html: string): ProviderForm | null {
  const form = new DOMParser().parseFromString(html, 'text/html').querySelector('form');
  if (!form) return null;
  const action = form.getAttribute('action') ?? '';
  let url: URL;
  try {
    url = new URL(action, window.location.href);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const fields = [...form.querySelectorAll('input[name], textarea[name]')].map((input) => ({
    name: input.getAttribute('name') ?? '',
    value: input instanceof HTMLTextAreaElement ? input.value : (input.getAttribute('value') ?? ''),
  }));
  const method = form.getAttribute('method')?.toLowerCase() === 'get' ? 'get' : 'post';
  return { action: url.toString(), method, fields };
}

/**
 * Spec section 5: the mobile payment form is submitted automatically once available. The button
 * is there for a browser that refused the automatic submit. With `submitLabel` the form waits for
 * its button instead (Alipay's own page, the alternative to its code on a desktop).
 */
export function AutoSubmitForm({ html, submitLabel }: { html: string; submitLabel?: string }) {
  const { t } = useTranslation();
  const form = useMemo(() => parseProviderForm(html), [html]);
  const ref = useRef<HTMLFormElement>(null);
  const auto = submitLabel === undefined;

  useEffect(() => {
    if (form && auto) ref.current?.submit();
  }, [form, auto]);

  if (!form) {
    return (
      <Typography.Text type="danger">
        {t('The payment provider answered a form that cannot be used.')}
      </Typography.Text>
    );
  }
  return (
    <form ref={ref} action={form.action} method={form.method} acceptCharset="utf-8">
      {form.fields.map((field) => (
        <input key={field.name} type="hidden" name={field.name} value={field.value} />
      ))}
      {auto ? (
        <Flex vertical align="center" gap={8}>
          <Spin />
          <Typography.Text>{t('Taking you to the payment provider…')}</Typography.Text>
          <Button htmlType="submit">{t('Continue to pay')}</Button>
        </Flex>
      ) : (
        <Button htmlType="submit">{submitLabel}</Button>
      )}
    </form>
  );
}
