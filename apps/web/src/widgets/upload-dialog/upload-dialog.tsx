import { DeleteOutlined, FileOutlined, InboxOutlined } from '@ant-design/icons';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '@app/contract/storage/file-types';
import { adminUploadStorageFiles, type StoredFile, uploadStorageFiles } from '@app/contract/storage/files';
import { App, Button, Flex, List, Modal, Typography, Upload } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../lib/format';
import { uploadErrorLabel } from '../../lib/labels/storage-labels';
import { UploadProgress } from './upload-progress';
import {
  addFiles,
  buttonMode,
  type QueueItem,
  removeItem,
  sendable,
  singleFailureMsgid,
  withProgress,
  withResult,
} from './upload-queue';
import { sendFile, type UploadEndpoint } from './upload-transport';

export interface UploadDialogProps {
  open: boolean;
  onClose: () => void;
  /** The caller-supplied upload endpoint (spec section 7); the storage upload by default. */
  endpoint?: UploadEndpoint;
  /** The admin flag: the admin upload endpoint, and the server's raw reasons instead of friendly texts. */
  admin?: boolean;
  fieldName?: string;
  /** Extra params sent with every file (folder_id, folder, ...). */
  params?: Record<string, string>;
  maxFiles?: number;
  maxBytes?: number;
  /** `accept` of the file picker, e.g. '.csv,.xlsx'. */
  accept?: string;
  title?: string;
  /** Called once per stored file, as it succeeds. */
  onUploaded?: (file: StoredFile) => void;
}

/** Files uploaded in parallel; enough to keep the line busy without starving the page. */
const PARALLEL = 3;

/**
 * The shared file-upload dialog (spec sections 1, 4, 8 and 9): select or drop files, preview,
 * upload with a progress bar per file; each file ends success or failure, failed files stay and
 * the button reads Retry; closing resets everything.
 */
export function UploadDialog({
  open,
  onClose,
  endpoint,
  admin = false,
  fieldName,
  params,
  maxFiles = UPLOAD_MAX_FILES,
  maxBytes = UPLOAD_MAX_BYTES,
  accept,
  title,
  onUploaded,
}: UploadDialogProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [items, setItems] = useState<QueueItem[]>([]);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const target = endpoint ?? (admin ? adminUploadStorageFiles : uploadStorageFiles);

  useEffect(() => {
    if (open) return;
    // Closing resets everything (and stops what is still sending).
    abort.current?.abort();
    abort.current = null;
    setItems([]);
    setBusy(false);
  }, [open]);

  const add = (files: File[]) => {
    setItems((current) => {
      const next = addFiles(current, files, { maxFiles, maxBytes });
      if (next.tooMany) void message.error(t('Maximum number of uploads exceeded.'));
      // Said, not dropped silently: an empty file has nothing to upload.
      if (next.empty.length > 0) {
        void message.warning({
          key: 'upload-empty-files',
          content: t('Empty files are not uploaded: {{names}}', {
            names: next.empty.map((file) => file.name).join(', '),
          }),
        });
      }
      return next.items;
    });
  };

  const reason = (item: QueueItem): string => {
    if (admin && item.why) return item.why;
    return uploadErrorLabel(item.error ?? 'upload_failed', t);
  };

  const upload = async () => {
    const batch = sendable(items);
    if (batch.length === 0) return;
    const controller = new AbortController();
    abort.current = controller;
    setBusy(true);
    const outcomes: QueueItem[] = [];
    const queue = [...batch];
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        const { uid, file } = item;
        setItems((current) => withProgress(current, uid, 0));
        try {
          const answer = await sendFile({
            endpoint: target,
            file,
            fieldName,
            params,
            signal: controller.signal,
            onProgress: (percent) => setItems((current) => withProgress(current, uid, percent)),
          });
          const result = answer.result[0] ?? null;
          setItems((current) => withResult(current, uid, result));
          outcomes.push({ ...item, ...withResult([item], uid, result)[0] });
          if (result?.status === 'success' && result.file) onUploaded?.(result.file);
        } catch (error) {
          if (controller.signal.aborted) return;
          const why = error instanceof Error ? error.message : null;
          setItems((current) =>
            current.map((entry) =>
              entry.uid === uid
                ? { ...entry, status: 'failure', percent: -1, error: 'upload_failed', why }
                : entry,
            ),
          );
          outcomes.push({ ...item, status: 'failure', error: 'upload_failed', why });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, batch.length) }, worker));
    if (controller.signal.aborted) return;
    setBusy(false);
    const [single] = outcomes;
    // A failed single upload opens the error dialog (spec section 8).
    if (outcomes.length === 1 && single?.status === 'failure') {
      modal.error({
        title: t('Upload failed'),
        content: admin && single.why ? single.why : singleFailureText(singleFailureMsgid(single.error)),
        okText: t('Close'),
      });
    }
  };

  // The spec's three single-upload texts, by their codes.
  const singleFailureText = (code: ReturnType<typeof singleFailureMsgid>) =>
    code === 'upload_data_space_failed'
      ? t('The data space is full, please clear some data first.')
      : code === 'upload_size_failed'
        ? t('The file is larger than allowed, please choose a smaller one.')
        : t('The upload failed, please try again.');

  const mode = buttonMode(items);
  const canSend = sendable(items).length > 0 && !busy;
  const limitNote = useMemo(() => formatFileSize(maxBytes), [maxBytes]);

  return (
    <Modal
      open={open}
      title={title ?? t('Upload files')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('Close')}</Button>
          <Button type="primary" disabled={!canSend} loading={busy} onClick={() => void upload()}>
            {mode === 'retry' ? t('Retry') : t('Upload')}
          </Button>
        </Flex>
      }
    >
      <Upload.Dragger
        multiple
        accept={accept}
        showUploadList={false}
        disabled={busy}
        beforeUpload={(_file, list) => {
          // Called once per file with the whole pick: add the pick once, on its first file.
          if (list[0] === _file) add(list as unknown as File[]);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('Click or drag files here to upload')}</p>
        <p className="ant-upload-hint">
          {t('At most {{count}} files, {{size}} each', {
            count: maxFiles,
            size: limitNote,
            defaultValue_one: 'At most {{count}} file, {{size}}',
          })}
        </p>
      </Upload.Dragger>
      <List
        style={{ marginTop: 12 }}
        dataSource={items}
        locale={{ emptyText: ' ' }}
        renderItem={(item) => (
          <List.Item
            data-testid="upload-item"
            data-status={item.status}
            actions={
              busy && item.status === 'uploading'
                ? []
                : [
                    <Button
                      key="remove"
                      type="text"
                      size="small"
                      icon={<DeleteOutlined />}
                      aria-label={t('Remove')}
                      onClick={() => setItems((current) => removeItem(current, item.uid))}
                    />,
                  ]
            }
          >
            <Flex vertical style={{ width: '100%' }} gap={2}>
              <Flex gap={8} align="center">
                <Preview file={item.file} />
                <Typography.Text ellipsis style={{ flex: 1 }}>
                  {item.file.name}
                </Typography.Text>
                <Typography.Text type="secondary">{formatFileSize(item.file.size)}</Typography.Text>
              </Flex>
              {item.status === 'oversize' ? (
                <Typography.Text type="danger">{`> ${limitNote}`}</Typography.Text>
              ) : item.status === 'ready' ? null : item.status === 'success' ? (
                <UploadProgress percent={100} />
              ) : item.status === 'failure' ? (
                <UploadProgress percent={-1} tip={reason(item)} />
              ) : (
                <UploadProgress percent={item.percent} />
              )}
            </Flex>
          </List.Item>
        )}
      />
    </Modal>
  );
}

/** A thumbnail for pictures, an icon for anything else. */
function Preview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.type.startsWith('image/') || typeof URL.createObjectURL !== 'function') return;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  // A file named like a picture that is not one shows the plain icon.
  return url ? (
    <img
      src={url}
      alt=""
      width={32}
      height={32}
      style={{ objectFit: 'cover', borderRadius: 4 }}
      onError={() => setUrl(null)}
    />
  ) : (
    <FileOutlined style={{ fontSize: 24 }} />
  );
}
