import type { UploadResultItem } from '@app/contract/storage/files';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { UploadDialog } from './upload-dialog';

/**
 * The network edge: the dialog sends each file with XMLHttpRequest (for upload progress). This
 * stand-in answers each request with the result the test gives for that file name.
 */
type Answer = { status: number; body: unknown } | 'network-error';
const sent: { url: string; fields: Record<string, string>; file: string }[] = [];
let answerFor: (fileName: string) => Answer = () => ({ status: 200, body: { result: [] } });

class FakeXhr {
  status = 0;
  responseText = '';
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader(name: string) {
    return name === 'x-request-id' ? 'req-test' : null;
  }
  abort() {
    this.onabort?.();
  }
  send(form: FormData) {
    const fields: Record<string, string> = {};
    let file = '';
    for (const [key, value] of form.entries()) {
      if (typeof value === 'string') fields[key] = value;
      else file = value.name;
    }
    sent.push({ url: this.url, fields, file });
    const answer = answerFor(file);
    setTimeout(() => {
      if (answer === 'network-error') {
        this.onerror?.();
        return;
      }
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    }, 5);
  }
}

const ok = (name: string): UploadResultItem => ({
  name,
  status: 'success',
  why: null,
  error: null,
  file: {
    id: `f-${name}`,
    name,
    ext: 'csv',
    mime: 'text/csv',
    size: 10,
    folder_id: null,
    uploaded_by: null,
    created_at: 1_700_000_000,
    origin: 'upload',
  },
});
const failed = (name: string, error: UploadResultItem['error'], why: string): UploadResultItem => ({
  name,
  status: 'failure',
  why,
  error,
  file: null,
});
const answer = (item: UploadResultItem): Answer => ({
  status: 200,
  body: { result: [item], msg_type: item.status === 'success' ? 'success' : 'error', msg: '' },
});

const csv = (name: string, size = 10) =>
  new File([new Uint8Array(size).fill(97)], name, { type: 'text/csv' });

function renderDialog(props: Partial<Parameters<typeof UploadDialog>[0]> = {}) {
  const onClose = vi.fn();
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <UploadDialog open onClose={onClose} {...props} />
    </AppProviders>,
  );
  // The upload dialog is the one holding the file picker (a closing confirm dialog may linger).
  const dialog = () => {
    const input = document.querySelector('input[type=file]');
    const modal = input?.closest('.ant-modal');
    if (!(modal instanceof HTMLElement)) throw new Error('the upload dialog is not open');
    expect(within(modal).getByText(props.title ?? 'Upload files')).toBeTruthy();
    return modal;
  };
  const pick = (files: File[]) => {
    const input = dialog().querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files } });
  };
  return { ...view, onClose, dialog, pick, user: userEvent.setup() };
}

const items = () => screen.queryAllByTestId('upload-item');

/**
 * The dialog's main button once it reads Retry. By its text: while antd's confirm dialog fades
 * out, role queries treat the page under it as hidden.
 */
async function retryButton(dialog: HTMLElement): Promise<HTMLElement> {
  const label = await within(dialog).findByText('Retry');
  const button = label.closest('button');
  if (!button) throw new Error('Retry is not a button');
  return button;
}

/** The error dialog (antd's confirm dialog): found by its title. */
async function errorDialog(): Promise<HTMLElement> {
  const title = await screen.findByText('Upload failed', { selector: '.ant-modal-confirm-title' });
  const container = title.closest('.ant-modal');
  if (!(container instanceof HTMLElement)) throw new Error('the error dialog is not a modal');
  return container;
}

describe('UploadDialog (spec sections 1, 4, 8, 9)', () => {
  beforeEach(() => {
    sent.length = 0;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    answerFor = () => ({ status: 200, body: { result: [] } });
  });

  it("more than 10 files: 'Maximum number of uploads exceeded.' and the pick is refused whole", async () => {
    const { pick } = renderDialog();
    pick(Array.from({ length: 12 }, (_, i) => csv(`f${i}.csv`)));
    expect(await screen.findByText('Maximum number of uploads exceeded.')).toBeTruthy();
    expect(items()).toHaveLength(0);
    pick(Array.from({ length: 10 }, (_, i) => csv(`g${i}.csv`)));
    await waitFor(() => expect(items()).toHaveLength(10));
  });

  it('a zero-size file is left out and said so; one over 20 MB is flagged with a greater-than note and never sent', async () => {
    answerFor = (name) => answer(ok(name));
    const { pick, dialog, user } = renderDialog();
    pick([csv('empty.csv', 0), csv('big.csv', 20 * 1024 * 1024 + 1), csv('fine.csv')]);
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(await screen.findByText('Empty files are not uploaded: empty.csv')).toBeTruthy();
    const big = items().find((item) => item.textContent?.includes('big.csv'));
    expect(big?.textContent).toContain('> 20.00 MB');
    await user.click(within(dialog()).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(sent.map((request) => request.file)).toEqual(['fine.csv']));
    expect(big?.getAttribute('data-status')).toBe('oversize');
  });

  it('a full data space: the file shows the spec text, and the single failure opens "Upload failed" with Close', async () => {
    answerFor = (name) => answer(failed(name, 'space_size_limit', 'team t-1 would use 105 MB of 100 MB'));
    const { pick, dialog, user } = renderDialog();
    pick([csv('report.csv')]);
    await user.click(within(dialog()).getByRole('button', { name: 'Upload' }));
    const error = await errorDialog();
    expect(within(error).getByText('The data space is full, please clear some data first.')).toBeTruthy();
    expect(items()[0]?.getAttribute('data-status')).toBe('failure');
    expect(
      within(items()[0] as HTMLElement).getByText('The data space is full, please clear some data first.'),
    ).toBeTruthy();
    await user.click(within(error).getByRole('button', { name: 'Close' }));
    // The failed file stays, and the button reads Retry.
    expect(await retryButton(dialog())).toBeTruthy();
  });

  it('with the admin flag: the admin endpoint, and the raw reason (why) instead of the friendly text', async () => {
    answerFor = (name) => answer(failed(name, 'size_limit', 'file is 25 MB, the limit is 20 MB'));
    const { pick, dialog, user } = renderDialog({ admin: true, params: { team_id: 't-1' } });
    pick([csv('x.csv')]);
    await user.click(within(dialog()).getByRole('button', { name: 'Upload' }));
    const error = await errorDialog();
    expect(within(error).getByText('file is 25 MB, the limit is 20 MB')).toBeTruthy();
    expect(sent[0]?.url).toBe('/api/admin/storage/upload');
    expect(sent[0]?.fields).toMatchObject({ team_id: 't-1' });
  });

  it('a network failure: the file stays failed; Retry sends it again and it succeeds; closing resets everything', async () => {
    let attempts = 0;
    answerFor = (name) => {
      attempts += 1;
      return attempts === 1 ? 'network-error' : answer(ok(name));
    };
    const uploaded = vi.fn();
    const { pick, dialog, user, onClose, rerender } = renderDialog({ onUploaded: uploaded });
    pick([csv('sessions.csv')]);
    await user.click(within(dialog()).getByRole('button', { name: 'Upload' }));
    const error = await errorDialog();
    expect(within(error).getByText('The upload failed, please try again.')).toBeTruthy();
    await user.click(within(error).getByRole('button', { name: 'Close' }));
    await user.click(await retryButton(dialog()));
    await waitFor(() => expect(items()[0]?.getAttribute('data-status')).toBe('success'));
    expect(uploaded).toHaveBeenCalledWith(expect.objectContaining({ id: 'f-sessions.csv' }));

    await user.click(within(dialog()).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    expect(onClose).toHaveBeenCalled();
    rerender(
      <AppProviders queryClient={createQueryClient()}>
        <UploadDialog open={false} onClose={onClose} />
      </AppProviders>,
    );
    rerender(
      <AppProviders queryClient={createQueryClient()}>
        <UploadDialog open onClose={onClose} />
      </AppProviders>,
    );
    await waitFor(() => expect(items()).toHaveLength(0));
  });
});
