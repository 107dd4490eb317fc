import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { AVATAR_FIELD, AVATAR_MAX_BYTES, IMAGE_EXTENSIONS } from '@app/contract/account/profile/avatar';
import { Alert, App, Button, Card, Flex, Typography, Upload, type UploadProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../lib/format';
import { ConfirmAction } from '../../widgets/confirm-action/confirm-action';
import { useFieldErrorSlot, useServerErrors } from '../../widgets/form-errors/use-server-errors';
import { UserAvatar } from '../../widgets/user/user-avatar';
import { useProfileMutations } from './profile-api';

/** Narrows the picker; what counts is the server's check of the content. */
const ACCEPT = IMAGE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

interface AvatarCardProps {
  username: string;
  avatarUrl: string | null;
}

/** The profile picture: upload (checked for size here, for content by the server) and remove. */
export function AvatarCard({ username, avatarUrl }: AvatarCardProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { uploadAvatar, removeAvatar } = useProfileMutations();
  // The server's refusal of the file (`file`) shows under the button; anything else, as everywhere.
  const { error, setError, target } = useFieldErrorSlot(AVATAR_FIELD);
  const showErrors = useServerErrors(target);
  const limit = formatFileSize(AVATAR_MAX_BYTES);

  // Too large is refused before sending: the upload would only be cut off by the server anyway.
  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (file.size > AVATAR_MAX_BYTES) {
      setError(t('This picture is larger than {{limit}}. Choose a smaller one.', { limit }));
      return Upload.LIST_IGNORE;
    }
    setError(null);
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    uploadAvatar.mutate(file as File, {
      onSuccess: (result) => {
        onSuccess?.(result);
        void message.success(t('Profile picture updated'));
      },
      onError: (cause) => {
        showErrors(cause);
        onError?.(cause instanceof Error ? cause : new Error(String(cause)));
      },
    });
  };

  const remove = () =>
    removeAvatar.mutate(undefined, {
      onSuccess: () => {
        setError(null);
        void message.success(t('Profile picture removed'));
      },
    });

  return (
    <Card title={t('Profile picture')}>
      <Flex gap={20} align="center" wrap>
        <UserAvatar username={username} avatarUrl={avatarUrl} size={72} />
        <Flex vertical gap={8} style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Flex gap={8} wrap>
            <Upload
              accept={ACCEPT}
              showUploadList={false}
              maxCount={1}
              beforeUpload={beforeUpload}
              customRequest={customRequest}
            >
              <Button icon={<UploadOutlined aria-hidden />} loading={uploadAvatar.isPending}>
                {avatarUrl ? t('Change picture') : t('Upload a picture')}
              </Button>
            </Upload>
            {avatarUrl ? (
              <ConfirmAction
                title={t('Remove your profile picture?')}
                description={t('The first letter of your name is shown instead.')}
                okText={t('Remove picture')}
                destructive
                onConfirm={remove}
                icon={<DeleteOutlined aria-hidden />}
                loading={removeAvatar.isPending}
              />
            ) : null}
          </Flex>
          <Typography.Text type="secondary">
            {t('JPG, PNG, GIF or WebP, at most {{limit}}.', { limit })}
          </Typography.Text>
          {error ? <Alert type="error" showIcon title={error} /> : null}
        </Flex>
      </Flex>
    </Card>
  );
}
