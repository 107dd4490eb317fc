import {
  DeleteOutlined,
  EditOutlined,
  FolderAddOutlined,
  SwapOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { type StoredFile, storageFileListFields } from '@app/contract/storage/files';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Flex, Modal, Progress, Row, Select, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/api-error';
import { formatFileSize, formatPercent } from '../../lib/format';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { filterConfigFrom } from '../../widgets/filter-drawer/filter-config-from-fields';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { NameModal } from '../../widgets/name-modal/name-modal';
import { UploadDialog } from '../../widgets/upload-dialog/upload-dialog';
import { DatasetImportModal } from './dataset-import-modal';
import { DatasetsCard } from './datasets-card';
import { type FileAction, fileColumns } from './file-columns';
import { type FolderChoice, FolderTree, findFolder, flattenFolders } from './folder-tree';
import {
  createFolder,
  deleteFile,
  deleteFolder,
  fetchFiles,
  foldersQuery,
  moveFile,
  moveFolder,
  openFile,
  renameFile,
  renameFolder,
  storageKey,
  teamProjectsQuery,
  usageQuery,
} from './storage-api';

type NameDialog =
  | { kind: 'new-folder' }
  | { kind: 'rename-folder'; id: string; name: string }
  | { kind: 'rename-file'; file: StoredFile };
type MoveDialog = { kind: 'folder'; id: string } | { kind: 'file'; file: StoredFile };

/** `/account/user/storage`: the team's folders and files, the space used against the quota, by type. */
export function StoragePage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [folder, setFolder] = useState<FolderChoice>('all');
  // Projects scope folders: a project's folders are seen by its members and the team's owner
  // and admins; choosing one narrows the tree and the files to it.
  const [projectId, setProjectId] = useState<string | undefined>(undefined);
  const projects = useQuery(teamProjectsQuery());
  const [uploading, setUploading] = useState(false);
  const [naming, setNaming] = useState<NameDialog | null>(null);
  const [moving, setMoving] = useState<MoveDialog | null>(null);
  const [importing, setImporting] = useState<StoredFile | null>(null);
  const folders = useQuery(foldersQuery(projectId));
  const usage = useQuery(usageQuery());
  const tree = folders.data?.folders ?? [];
  const current = folder === 'all' || folder === 'root' ? undefined : findFolder(tree, folder);

  const filterConfig = useMemo(
    () =>
      filterConfigFrom(storageFileListFields, {
        ext: {
          alias: t('Type'),
          options: (usage.data?.by_type ?? []).map((row) => ({
            name: row.ext || t('Other'),
            value: row.ext,
          })),
        },
      }),
    [t, usage.data],
  );
  const list = useServerList<StoredFile>({
    queryKey: [...storageKey, 'files', folder, projectId ?? 'all'],
    fetch: (query, context) =>
      fetchFiles(
        {
          ...query,
          folder_id: folder === 'all' ? undefined : folder,
          project_id: folder === 'all' ? projectId : undefined,
        },
        context,
      ),
    filterConfig,
    defaultSort: '-created_at',
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: storageKey });

  // Read through a ref so the columns (and the grid) are made once, not on every render.
  const onFileAction = useRef<(file: StoredFile, action: FileAction) => void>(() => undefined);
  onFileAction.current = (file: StoredFile, action: FileAction) => {
    if (action === 'download') void openFile(file.id, 'attachment');
    else if (action === 'preview') void openFile(file.id, 'inline');
    else if (action === 'dataset') setImporting(file);
    else if (action === 'rename') setNaming({ kind: 'rename-file', file });
    else if (action === 'move') setMoving({ kind: 'file', file });
    else
      modal.confirm({
        title: t('Delete this file?'),
        content: file.name,
        okText: t('Delete'),
        okButtonProps: { danger: true },
        onOk: async () => {
          await deleteFile(file.id);
          refresh();
        },
      });
  };
  const columns = useMemo(() => fileColumns(t, (file, action) => onFileAction.current(file, action)), [t]);

  const removeFolder = async (id: string) => {
    try {
      await deleteFolder(id);
      setFolder('all');
      refresh();
    } catch (error) {
      const count = error instanceof ApiError ? error.body?.files_count : undefined;
      if (count === undefined) {
        void message.error(error instanceof Error ? error.message : t('Something went wrong'));
        return;
      }
      modal.confirm({
        title: t('Delete the folder and its files?'),
        content: t('{{count}} files in this folder and its sub-folders are deleted with it.', {
          count,
          defaultValue_one: '{{count}} file in this folder and its sub-folders is deleted with it.',
        }),
        okText: t('Delete'),
        okButtonProps: { danger: true },
        onOk: async () => {
          await deleteFolder(id, count);
          setFolder('all');
          refresh();
        },
      });
    }
  };

  const used = usage.data?.used_bytes ?? 0;
  const limit = usage.data?.limit_bytes ?? 0;

  return (
    <>
      <DocumentTitle title={t('Storage')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Storage')}
      </Typography.Title>
      <Card size="small" style={{ marginBottom: 16 }} data-testid="storage-usage">
        <Flex justify="space-between" wrap gap={8}>
          <Typography.Text>
            {t('{{used}} of {{limit}} used', { used: formatFileSize(used), limit: formatFileSize(limit) })}
          </Typography.Text>
          <Typography.Text type="secondary">
            {(usage.data?.by_type ?? [])
              .map((row) => `${row.ext || t('Other')}: ${formatFileSize(row.bytes)}`)
              .join(' · ')}
          </Typography.Text>
        </Flex>
        <Progress
          percent={limit ? Math.min(100, (used / limit) * 100) : 0}
          format={(p) => formatPercent(p ?? 0)}
        />
      </Card>
      <Row gutter={16}>
        <Col xs={24} md={7} lg={6}>
          <Card
            size="small"
            title={t('Folders')}
            extra={
              <Button
                size="small"
                icon={<FolderAddOutlined />}
                onClick={() => setNaming({ kind: 'new-folder' })}
              >
                {t('New folder')}
              </Button>
            }
          >
            {projects.data && projects.data.items.length > 0 ? (
              <Select
                style={{ width: '100%', marginBottom: 8 }}
                aria-label={t('Project')}
                value={projectId ?? 'all'}
                onChange={(value: string) => {
                  setProjectId(value === 'all' ? undefined : value);
                  setFolder('all');
                }}
                options={[
                  { value: 'all', label: t('All folders') },
                  ...projects.data.items.map((project) => ({ value: project.id, label: project.name })),
                ]}
              />
            ) : null}
            <FolderTree folders={tree} selected={folder} onSelect={setFolder} />
            {current ? (
              <Flex gap={4} wrap style={{ marginTop: 8 }}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => setNaming({ kind: 'rename-folder', id: current.id, name: current.folder })}
                >
                  {t('Rename')}
                </Button>
                <Button
                  size="small"
                  icon={<SwapOutlined />}
                  onClick={() => setMoving({ kind: 'folder', id: current.id })}
                >
                  {t('Move')}
                </Button>
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => void removeFolder(current.id)}
                >
                  {t('Delete')}
                </Button>
              </Flex>
            ) : null}
          </Card>
        </Col>
        <Col xs={24} md={17} lg={18}>
          <ServerListView<StoredFile>
            list={list}
            filterConfig={filterConfig}
            searchPlaceholder={t('Search file names')}
            columnDefs={columns}
            getRowId={(file) => file.id}
            actions={
              <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
                {t('Upload')}
              </Button>
            }
          />
        </Col>
      </Row>
      <DatasetsCard />
      <DatasetImportModal file={importing} onClose={() => setImporting(null)} />
      <UploadDialog
        open={uploading}
        onClose={() => {
          setUploading(false);
          refresh();
        }}
        params={current ? { folder_id: current.id } : undefined}
        onUploaded={() => void queryClient.invalidateQueries({ queryKey: [...storageKey, 'usage'] })}
      />
      <NamingModal
        dialog={naming}
        onClose={() => setNaming(null)}
        onDone={() => {
          setNaming(null);
          refresh();
        }}
        parentId={current?.id ?? null}
        projectId={projectId ?? null}
      />
      <MoveModal
        dialog={moving}
        folders={moving?.kind === 'folder' ? flattenFolders(tree, moving.id) : flattenFolders(tree)}
        onClose={() => setMoving(null)}
        onDone={() => {
          setMoving(null);
          refresh();
        }}
      />
    </>
  );
}

/** New folder, or renaming a folder or file: the shared name modal, the server's `folder` on the name. */
function NamingModal({
  dialog,
  parentId,
  projectId,
  onClose,
  onDone,
}: {
  dialog: NameDialog | null;
  parentId: string | null;
  /** A new top-level folder made while a project is chosen belongs to that project. */
  projectId: string | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const initial =
    dialog?.kind === 'rename-folder' ? dialog.name : dialog?.kind === 'rename-file' ? dialog.file.name : '';
  const save = async ({ name }: { name: string }) => {
    if (!dialog) return;
    if (dialog.kind === 'new-folder') await createFolder(name, parentId, projectId);
    else if (dialog.kind === 'rename-folder') await renameFolder(dialog.id, name);
    else await renameFile(dialog.file.id, name);
    onDone();
  };
  return (
    <NameModal
      open={dialog !== null}
      title={dialog?.kind === 'new-folder' ? t('New folder') : t('Rename')}
      okText={t('Save')}
      label={t('Name')}
      requiredMessage={t('Enter a name')}
      maxLength={255}
      initialValues={{ name: initial }}
      fieldMap={{ folder: 'name' }}
      onSave={save}
      onClose={onClose}
    />
  );
}

function MoveModal({
  dialog,
  folders,
  onClose,
  onDone,
}: {
  dialog: MoveDialog | null;
  folders: { id: string; name: string; depth: number }[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<string>('root');
  const [saving, setSaving] = useState(false);
  const move = async () => {
    if (!dialog) return;
    setSaving(true);
    try {
      const destination = target === 'root' ? null : target;
      if (dialog.kind === 'folder') await moveFolder(dialog.id, destination);
      else await moveFile(dialog.file.id, destination);
      onDone();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={dialog !== null}
      title={t('Move to')}
      onCancel={onClose}
      okText={t('Move')}
      confirmLoading={saving}
      onOk={() => void move()}
      destroyOnHidden
    >
      <Select
        style={{ width: '100%' }}
        value={target}
        onChange={setTarget}
        aria-label={t('Move to')}
        options={[
          { value: 'root', label: t('Top level') },
          ...folders.map((folder) => ({
            value: folder.id,
            label: `${'— '.repeat(folder.depth)}${folder.name}`,
          })),
        ]}
      />
    </Modal>
  );
}
