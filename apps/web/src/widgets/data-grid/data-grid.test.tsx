import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataGrid } from './data-grid';
import type { GridViewProps } from './grid-view-props';

// AG Grid does not lay out in jsdom (it is checked in Chromium); the chunk is replaced by a view that
// shows the props it got, and its download is held until the test releases it.
const chunk = vi.hoisted(() => {
  let release: () => void = () => {};
  const loaded = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { loaded, release: () => release() };
});

vi.mock('./ag-grid-view', async () => {
  await chunk.loaded;
  return {
    AgGridView: (props: GridViewProps<{ id: string }>) => (
      <output aria-label="grid">{`${props.mode} rows=${props.rowData?.length ?? 0} sort=${props.sort ?? ''}`}</output>
    ),
  };
});

afterEach(() => {
  vi.useRealTimers();
});

describe('DataGrid', () => {
  it('shows a skeleton only once the grid chunk has taken 750 ms, then the grid', async () => {
    vi.useFakeTimers();
    const { container } = render(<DataGrid rowData={[{ id: 'a' }]} columnDefs={[{ field: 'id' }]} />);
    const skeleton = () => container.querySelector('.ant-skeleton');

    await act(async () => vi.advanceTimersByTime(749));
    expect(skeleton()).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(skeleton()).not.toBeNull();

    vi.useRealTimers();
    chunk.release();
    expect((await screen.findByRole('status', { name: 'grid' })).textContent).toBe('client rows=1 sort=');
    expect(skeleton()).toBeNull();
  });

  it('passes server mode and the sort through to the grid', async () => {
    chunk.release();
    render(
      <DataGrid
        mode="server"
        rowData={[{ id: 'a' }, { id: 'b' }]}
        columnDefs={[{ field: 'id' }]}
        sort="-id"
        onSortChange={() => {}}
      />,
    );
    expect((await screen.findByRole('status', { name: 'grid' })).textContent).toBe('server rows=2 sort=-id');
  });
});
