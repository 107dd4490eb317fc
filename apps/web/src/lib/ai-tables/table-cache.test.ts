import { describe, expect, it } from 'vitest';
import { aiTableAnswerFixture, cellFixture, runFixture } from '../testing/ai-table-fixtures';
import { withCells, withRun, withRunEvent } from './table-cache';

const written = cellFixture({ status: 'done', value: 'Fast shoes', prompt_version: 1 });

describe('AI table cache merges', () => {
  it('a run replaces the kept run of the same id, and a new run is added', () => {
    const answer = aiTableAnswerFixture({ runs: [runFixture({ id: 'old', status: 'done' })] });
    const replaced = withRun(answer, runFixture({ id: 'old', status: 'cancelled' }));
    expect(replaced.runs).toEqual([runFixture({ id: 'old', status: 'cancelled' })]);
    const added = withRun(answer, runFixture({ id: 'new' }));
    expect(added.runs.map((run) => run.id)).toEqual(['new', 'old']);
  });

  it('written cells renew only the rows they touch, so the grid redraws just those', () => {
    const answer = aiTableAnswerFixture();
    const next = withCells(answer, [{ row_id: 'r2', column_id: 'col-ad', cell: written }]);
    expect(next.rows[0]).toBe(answer.rows[0]);
    expect(next.rows[1]?.cells['col-ad']).toEqual(written);
    expect(next.rows[1]?.data).toEqual(answer.rows[1]?.data);
  });

  it('a progress message sets the run counts and each cell it carries', () => {
    const answer = aiTableAnswerFixture({ runs: [runFixture()] });
    const next = withRunEvent(answer, {
      ...runFixture({ done: 1, credits: 2 }),
      table_id: 'tbl-1',
      cells: [{ row_id: 'r1', column_id: 'col-ad', cell: written }],
    });
    expect(next.runs).toEqual([runFixture({ done: 1, credits: 2 })]);
    expect(next.rows[0]?.cells['col-ad']).toEqual(written);
  });

  it('a progress message about another table changes nothing', () => {
    const answer = aiTableAnswerFixture();
    const event = { ...runFixture({ done: 1 }), table_id: 'tbl-other', cells: [] };
    expect(withRunEvent(answer, event)).toBe(answer);
  });
});
