import {
  checkStorageOrphans,
  cleanStorageOrphans,
  deleteAdminStorageFile,
  getAdminStorageStat,
  listAdminStorageFiles,
} from '@app/contract/storage/admin-storage';
import {
  adminUploadStorageFiles,
  createStorageFileLink,
  deleteStorageFile,
  downloadStorageFile,
  getStorageUsage,
  listStorageFiles,
  updateStorageFile,
  uploadStorageFiles,
} from '@app/contract/storage/files';
import {
  createStorageFolder,
  deleteStorageFolder,
  listStorageFolders,
  updateStorageFolder,
} from '@app/contract/storage/folders';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import * as admin from './admin-storage.service';
import * as folders from './folders.service';
import * as files from './storage-files.service';
import { storageViewer } from './storage-viewer';
import { receiveUpload } from './upload.service';

export const storageModule: ServerModule = {
  name: 'storage',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(uploadStorageFiles, async ({ ctx, request }) =>
      receiveUpload(platform, request, { viewer: await storageViewer(platform, ctx), userId: ctx.user.id }),
    );
    route(adminUploadStorageFiles, async ({ ctx, query, request }) =>
      receiveUpload(platform, request, await admin.adminUploadTarget(platform, ctx, query.team_id)),
    );
    route(listStorageFiles, ({ ctx, query }) => files.listFiles(platform, ctx, query));
    route(updateStorageFile, ({ ctx, params, body }) => files.updateFile(platform, ctx, params.id, body));
    route(deleteStorageFile, ({ ctx, params }) => files.deleteFile(platform, ctx, params.id));
    route(createStorageFileLink, ({ ctx, params, body }) =>
      files.createFileLink(platform, ctx, params.id, body.disposition),
    );
    route(downloadStorageFile, ({ query, request }) =>
      files.downloadFile(platform, query.token, request.headers.range),
    );
    route(getStorageUsage, ({ ctx }) => files.storageUsage(platform, ctx));
    route(listStorageFolders, ({ ctx, query }) => folders.listFolders(platform, ctx, query.project_id));
    route(createStorageFolder, ({ ctx, body }) => folders.createFolder(platform, ctx, body));
    route(updateStorageFolder, ({ ctx, params, body }) =>
      folders.updateFolder(platform, ctx, params.id, body),
    );
    route(deleteStorageFolder, ({ ctx, params, query }) =>
      folders.deleteFolder(platform, ctx, params.id, query.confirm_files),
    );
    route(listAdminStorageFiles, ({ query }) => admin.listAdminFiles(platform, query));
    route(deleteAdminStorageFile, ({ ctx, params }) => admin.deleteAnyFile(platform, ctx, params.id));
    route(getAdminStorageStat, () => admin.storageStat(platform));
    route(checkStorageOrphans, () => admin.checkOrphans(platform));
    route(cleanStorageOrphans, ({ ctx }) => admin.cleanOrphans(platform, ctx));
  },
};
