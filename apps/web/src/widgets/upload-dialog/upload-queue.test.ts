import { describe, expect, it } from 'vitest';
import { addFiles, buttonMode, sendable, singleFailureMsgid, withResult } from './upload-queue';

const limits = { maxFiles: 10, maxBytes: 20 * 1024 * 1024 };
const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

describe('upload queue (spec section 4 and 9)', () => {
  it('zero-size files are ignored', () => {
    const { items } = addFiles([], [file('empty.txt', 0), file('a.txt', 3)], limits);
    expect(items.map((item) => item.file.name)).toEqual(['a.txt']);
  });

  it('more than 10 files refuses the pick: Maximum number of uploads exceeded.', () => {
    const nine = addFiles(
      [],
      Array.from({ length: 9 }, (_, i) => file(`${i}.txt`, 1)),
      limits,
    ).items;
    const two = addFiles(nine, [file('x.txt', 1), file('y.txt', 1)], limits);
    expect(two.tooMany).toBe(true);
    expect(two.items).toBe(nine);
    expect(addFiles(nine, [file('x.txt', 1)], limits).items).toHaveLength(10);
  });

  it('over 20 MB is flagged and never sent', () => {
    const { items } = addFiles(
      [],
      [file('big.csv', limits.maxBytes + 1), file('ok.csv', limits.maxBytes)],
      limits,
    );
    expect(items.map((item) => item.status)).toEqual(['oversize', 'ready']);
    expect(sendable(items).map((item) => item.file.name)).toEqual(['ok.csv']);
  });

  it('failed files stay for a retry and the button reads Retry once nothing waits', () => {
    const { items } = addFiles([], [file('a.csv', 1), file('b.csv', 1)], limits);
    const [a, b] = items;
    let next = withResult(items, a?.uid ?? '', {
      name: 'a.csv',
      status: 'success',
      why: null,
      error: null,
      file: null,
    });
    expect(buttonMode(next)).toBe('upload');
    next = withResult(next, b?.uid ?? '', {
      name: 'b.csv',
      status: 'failure',
      why: 'raw',
      error: 'space_size_limit',
      file: null,
    });
    expect(next.map((item) => item.status)).toEqual(['success', 'failure']);
    expect(buttonMode(next)).toBe('retry');
    expect(sendable(next).map((item) => item.file.name)).toEqual(['b.csv']);
  });

  it('a failed single upload names the spec text for its cause', () => {
    expect(singleFailureMsgid('space_size_limit')).toBe('upload_data_space_failed');
    expect(singleFailureMsgid('size_limit')).toBe('upload_size_failed');
    expect(singleFailureMsgid('type_limit')).toBe('upload_failed');
    expect(singleFailureMsgid(null)).toBe('upload_failed');
  });
});
