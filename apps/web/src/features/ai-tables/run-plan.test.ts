import { describe, expect, it } from 'vitest';
import {
  aiTableAnswerFixture,
  cellFixture,
  DATA_COLUMNS,
  rowFixture,
  runFixture,
} from '../../lib/testing/ai-table-fixtures';
import { anyRunning, cellsToRun, currentRun, insertField, rowFields, runCost, runPercent } from './run-plan';

const rows = [
  rowFixture('r1', {}, { 'col-ad': cellFixture({ status: 'done', value: 'x' }) }),
  rowFixture('r2', {}, { 'col-ad': cellFixture({ status: 'failed', error: 'timeout' }) }),
  rowFixture('r3', {}),
  rowFixture('r4', {}, { 'col-ad': cellFixture() }),
];

describe('run plan', () => {
  it('counts the cells a run makes as the server picks them: a cell never written is empty', () => {
    expect(cellsToRun(rows, 'col-ad', 'empty')).toBe(2);
    expect(cellsToRun(rows, 'col-ad', 'failed')).toBe(1);
    expect(cellsToRun(rows, 'col-ad', 'all')).toBe(4);
    expect(cellsToRun(rows, 'col-ad', { row_ids: ['r1', 'r3'] })).toBe(2);
  });

  it('estimates a run as its cells times the cell price', () => {
    expect(runCost(cellsToRun(rows, 'col-ad', 'all'), 3)).toBe(12);
  });

  it("shows a column's live run before any newer finished one, else its newest", () => {
    const paused = runFixture({ id: 'a', status: 'paused', creation_time: 1 });
    const later = runFixture({ id: 'b', status: 'done', creation_time: 2 });
    const other = runFixture({ id: 'c', column_id: 'col-x', creation_time: 3 });
    expect(currentRun([later, paused, other], 'col-ad')?.id).toBe('a');
    expect(
      currentRun([runFixture({ id: 'd', status: 'cancelled', creation_time: 1 }), later], 'col-ad')?.id,
    ).toBe('b');
    expect(currentRun([other], 'col-ad')).toBeUndefined();
  });

  it('re-reads the table only while a run is running, not while paused', () => {
    expect(anyRunning([runFixture({ status: 'paused' })])).toBe(false);
    expect(anyRunning([runFixture({ status: 'done' }), runFixture({ status: 'running' })])).toBe(true);
  });

  it('counts failed cells as finished in the progress, and an empty run as complete', () => {
    expect(runPercent(runFixture({ total: 4, done: 1, failed: 1 }))).toBe(50);
    expect(runPercent(runFixture({ total: 0 }))).toBe(100);
  });

  it('offers the data columns as the row fields a prompt can name', () => {
    expect(rowFields(aiTableAnswerFixture().columns)).toEqual(DATA_COLUMNS);
  });

  it('inserts a field token over the selection and puts the caret after it', () => {
    expect(insertField('Ad for  now', 7, 7, 'keyword')).toEqual({
      text: 'Ad for {{keyword}} now',
      caret: 18,
    });
    expect(insertField('Ad for X', 7, 8, 'keyword')).toEqual({ text: 'Ad for {{keyword}}', caret: 18 });
    expect(insertField('', 5, 9, 'campaign')).toEqual({ text: '{{campaign}}', caret: 12 });
  });
});
