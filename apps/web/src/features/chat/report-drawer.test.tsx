import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';
import { emptyRangeRects, FIRST_QUESTION, keptChatRoutes } from './chat-test-stubs';

emptyRangeRects();

const FILE_PATH = '/api/storage/files/f1/download?token=t';

const WORD_FILE = {
  file_path: FILE_PATH,
  expires_at: 1_795_000_600,
  file: {
    id: 'f1',
    name: `${FIRST_QUESTION}.docx`,
    ext: 'docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    size: 9000,
    folder_id: null,
    uploaded_by: { id: 'user-1', username: 'Ada' },
    created_at: 1_795_000_000,
    origin: 'generated' as const,
  },
};

/** Opens /chat/c1 and takes reply `index` (0: the first) into the report with `action`. */
async function takeReply(action: 'Edit as report' | 'Add to report', index: number) {
  const buttons = await screen.findAllByRole('button', { name: action });
  fireEvent.click(buttons[index] as HTMLElement);
}

async function reportDrawer() {
  const drawer = await screen.findByRole('dialog', { name: 'Report' });
  return { drawer, text: await within(drawer).findByRole('textbox', { name: 'Report' }) };
}

describe('the report editor', () => {
  it('takes a reply, adds the next one after it, and inserts a 3 by 3 table', async () => {
    signIn();
    stubFetch(keptChatRoutes());
    renderApp('/chat/c1');

    await takeReply('Edit as report', 0);
    const { drawer, text } = await reportDrawer();
    // The reply's markdown as rich text: bold kept, the grid a table, the SQL a code block.
    await waitFor(() => expect(text.querySelector('strong')?.textContent).toBe('Sessions'));
    expect(text.querySelector('table')?.textContent).toContain('Organic Search');
    expect(text.querySelector('pre')?.textContent).toContain('select channel');
    expect(text.textContent).not.toContain('top landing page');

    await takeReply('Add to report', 1);
    await waitFor(() => expect(text.textContent).toContain('The top landing page is the home page.'));
    // After the first reply, not in place of it.
    expect(text.lastElementChild?.textContent).toBe('The top landing page is the home page.');
    expect(text.querySelector('strong')?.textContent).toBe('Sessions');

    const tables = text.querySelectorAll('table').length;
    fireEvent.click(within(drawer).getByRole('button', { name: 'Insert table' }));
    await waitFor(() => expect(text.querySelectorAll('table')).toHaveLength(tables + 1));
    const inserted = [...text.querySelectorAll('table')].find((table) => !table.textContent);
    const rows = [...(inserted?.querySelectorAll('tr') ?? [])];
    expect(rows.map((row) => row.querySelectorAll('th, td').length)).toEqual([3, 3, 3]);
  });

  it('exports the edited report as .docx through md-to-doc and as .md in the browser', async () => {
    signIn();
    const fetch = stubFetch(keptChatRoutes({ 'POST /api/tool/convert/file/md-to-doc': { body: WORD_FILE } }));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp('/chat/c1');

    await takeReply('Edit as report', 0);
    const { drawer, text } = await reportDrawer();
    await waitFor(() => expect(text.querySelector('strong')).toBeTruthy());
    // An edit made in the editor goes out with the export.
    fireEvent.click(within(drawer).getByRole('button', { name: 'Heading 1' }));
    await waitFor(() => expect(text.querySelector('h1')?.textContent).toBe('Sessions by channel'));

    fireEvent.click(within(drawer).getByRole('button', { name: 'Export as Word (.docx)' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(FILE_PATH, '_blank', 'noopener,noreferrer'));
    const sent = fetch.callsTo('POST /api/tool/convert/file/md-to-doc')[0]?.json() as {
      content: string;
      filename: string;
    };
    expect(sent.filename).toBe(FIRST_QUESTION);
    expect(sent.content).toMatch(/^# \*\*Sessions\*\* by channel\n/);
    // The grid is still a markdown table, so Word makes it a table.
    expect(sent.content).toMatch(/\n\| Organic Search +\| 65,843 +\|\n/);
    expect(sent.content).toContain('```sql\nselect channel');

    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:report';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe(`${FIRST_QUESTION}.md`);
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Export as Markdown (.md)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(await saved[0]?.text()).toBe(sent.content);
  });
});
