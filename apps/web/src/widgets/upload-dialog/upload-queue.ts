import type { UploadError } from '@app/contract/storage/file-types';
import type { StoredFile, UploadResultItem } from '@app/contract/storage/files';

/**
 * The upload dialog's list (spec section 4, Upload): files wait, upload with a progress bar each,
 * then show success or failure; failed files stay for a retry. Pure, so the rules are tested
 * without a browser.
 */
export type QueueStatus = 'ready' | 'oversize' | 'uploading' | 'success' | 'failure';

export interface QueueItem {
  uid: string;
  file: File;
  status: QueueStatus;
  /** 0-100 while uploading; undefined when the size is unknown (indeterminate). */
  percent?: number;
  error?: UploadError | null;
  /** The server's raw reason (shown with the admin flag). */
  why?: string | null;
  stored?: StoredFile | null;
}

export interface QueueLimits {
  maxFiles: number;
  maxBytes: number;
}

let next = 0;

/**
 * Adds picked or dropped files. Zero-size files are left out (`empty`, for the dialog to say so); files over `maxBytes` are kept but
 * flagged and never sent; more than `maxFiles` in the list refuses the whole pick (the spec's
 * 'Maximum number of uploads exceeded.').
 */
export function addFiles(
  items: QueueItem[],
  files: File[],
  limits: QueueLimits,
): { items: QueueItem[]; tooMany: boolean; empty: File[] } {
  const kept = files.filter((file) => file.size > 0);
  const empty = files.filter((file) => file.size === 0);
  if (items.length + kept.length > limits.maxFiles) return { items, tooMany: true, empty };
  const added = kept.map<QueueItem>((file) => {
    next += 1;
    return { uid: `upload-${next}`, file, status: file.size > limits.maxBytes ? 'oversize' : 'ready' };
  });
  return { items: [...items, ...added], tooMany: false, empty };
}

/** What the next press of the button sends: waiting files, and failed ones again (a retry). */
export function sendable(items: QueueItem[]): QueueItem[] {
  return items.filter((item) => item.status === 'ready' || item.status === 'failure');
}

/** The button says Retry once something failed and nothing is waiting for a first try. */
export function buttonMode(items: QueueItem[]): 'upload' | 'retry' {
  const failed = items.some((item) => item.status === 'failure');
  const waiting = items.some((item) => item.status === 'ready');
  return failed && !waiting ? 'retry' : 'upload';
}

export function withProgress(items: QueueItem[], uid: string, percent: number | undefined): QueueItem[] {
  return items.map((item) => (item.uid === uid ? { ...item, status: 'uploading', percent } : item));
}

export function withResult(items: QueueItem[], uid: string, result: UploadResultItem | null): QueueItem[] {
  return items.map((item) => {
    if (item.uid !== uid) return item;
    if (!result) return { ...item, status: 'failure', percent: -1, error: 'upload_failed', why: null };
    return result.status === 'success'
      ? { ...item, status: 'success', percent: 100, error: null, why: null, stored: result.file }
      : { ...item, status: 'failure', percent: -1, error: result.error, why: result.why };
  });
}

export function removeItem(items: QueueItem[], uid: string): QueueItem[] {
  return items.filter((item) => item.uid !== uid);
}

/** The msgid of the error dialog for a failed single upload (spec section 8). */
export function singleFailureMsgid(
  error: UploadError | null | undefined,
): 'upload_data_space_failed' | 'upload_size_failed' | 'upload_failed' {
  if (error === 'space_size_limit') return 'upload_data_space_failed';
  if (error === 'size_limit') return 'upload_size_failed';
  return 'upload_failed';
}
