import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import {
  BRAND_LIMITS,
  type BrandProfile,
  LOGO_FIELD,
  type uploadBrandLogo,
} from '@app/contract/account/brand/brand';
import type { EndpointResponse } from '@app/contract/define-endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../lib/format';
import { ConfirmAction } from '../../widgets/confirm-action/confirm-action';
import { useFieldErrorSlot, useServerErrors } from '../../widgets/form-errors/use-server-errors';
import { brandQuery, removeLogo, uploadLogo } from './brand-api';

/** What the server takes (it checks the bytes, not the name); `accept` only narrows the picker. */
const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,.jpg,.jpeg,.png,.gif,.webp';

/** The team's logo: shown, replaced by an upload, or removed after confirming. */
export function BrandLogoCard({ brand }: { brand: BrandProfile }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  // The server's refusal of the file shows under the buttons; anything else, as everywhere.
  const { error, setError, target } = useFieldErrorSlot(LOGO_FIELD);
  const showErrors = useServerErrors(target);
  const maxSize = formatFileSize(BRAND_LIMITS.logo);

  // Upload and removal both answer the profile as it now stands.
  const remember = (answer: EndpointResponse<typeof uploadBrandLogo>) =>
    queryClient.setQueryData(brandQuery(brand.team_id).queryKey, answer);

  const upload = useMutation({
    mutationFn: uploadLogo,
    onMutate: () => setError(null),
    onSuccess: (answer) => {
      remember(answer);
      void message.success(t('Logo uploaded'));
    },
    onError: showErrors,
  });

  const remove = useMutation({
    mutationFn: removeLogo,
    onSuccess: (answer) => {
      remember(answer);
      setError(null);
      void message.success(t('Logo removed'));
    },
  });

  return (
    <Card title={t('Logo')}>
      <Flex gap={16} align="center" wrap>
        <div className="brand-logo__frame">
          {brand.logo ? (
            <img src={brand.logo.url} alt={t('Brand logo')} className="brand-logo__image" />
          ) : (
            <PictureOutlined aria-hidden className="brand-logo__placeholder" />
          )}
        </div>
        <Flex vertical gap={8} style={{ minWidth: 0, flex: '1 1 200px' }}>
          {brand.logo ? null : <Typography.Text type="secondary">{t('No logo yet.')}</Typography.Text>}
          {brand.can_edit ? (
            <>
              <Flex gap={8} wrap>
                <Upload
                  accept={ACCEPT}
                  showUploadList={false}
                  maxCount={1}
                  beforeUpload={(file) => {
                    // Refused here so a large file is not sent only to be refused by the server.
                    if (file.size > BRAND_LIMITS.logo) {
                      setError(t('The logo must be at most {{size}}.', { size: maxSize }));
                      return Upload.LIST_IGNORE;
                    }
                    upload.mutate(file);
                    return false;
                  }}
                >
                  <Button icon={<UploadOutlined aria-hidden />} loading={upload.isPending}>
                    {brand.logo ? t('Replace logo') : t('Upload logo')}
                  </Button>
                </Upload>
                {brand.logo ? (
                  <ConfirmAction
                    title={t('Remove the logo?')}
                    description={t('The AI features will no longer use it.')}
                    okText={t('Remove')}
                    destructive
                    onConfirm={() => remove.mutateAsync()}
                    danger
                    icon={<DeleteOutlined aria-hidden />}
                    loading={remove.isPending}
                  />
                ) : null}
              </Flex>
              <Typography.Text type="secondary">
                {t('JPG, PNG, GIF or WebP, at most {{size}}.', { size: maxSize })}
              </Typography.Text>
            </>
          ) : null}
          {error ? (
            <Typography.Text type="danger" role="alert">
              {error}
            </Typography.Text>
          ) : null}
        </Flex>
      </Flex>
    </Card>
  );
}
