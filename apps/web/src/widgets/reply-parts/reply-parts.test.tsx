import type { ReplyPart } from '@app/contract/chat/parts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReplyParts } from './reply-parts';

const freshness = (source: string, property_name: string) => ({
  source,
  demo: true,
  property: property_name,
  property_name,
  synced_at: null,
  complete_through: '2026-11-27',
});

const grid = (sources: ReturnType<typeof freshness>[]): ReplyPart => ({
  type: 'ag_table',
  columnDefs: [
    { headerName: 'Page path', field: 'page', cellDataType: 'text' },
    { headerName: 'Clicks · Google Search Console', field: 'clicks', cellDataType: 'number' },
  ],
  rowData: [{ page: '/pricing', clicks: 12 }],
  truncated: false,
  result_id: 'r1',
  query: {
    source: 'gsc',
    metrics: ['clicks'],
    dimensions: ['page'],
    filters: [],
    date_range: 'last_30_days',
    order: [],
    limit: 100,
  },
  ranges: [{ role: 'current', label: 'Last 30 days', start: '2026-10-29', end: '2026-11-27' }],
  freshness: sources,
});

describe('a grid part says where its figures came from', () => {
  it('one source: its property, demo, freshness and range', async () => {
    render(<ReplyParts parts={[grid([freshness('ga', 'Demo Store (GA4)')])]} />);
    const line = await screen.findByText(/^Source: /);
    expect(line.textContent).toMatch(
      /^Source: Demo Store \(GA4\) \(Demo\) · updated .* · Last 30 days \(2026-10-29 – 2026-11-27\)$/,
    );
    // One service needs no naming.
    expect(line.textContent).not.toContain('Google Analytics 4:');
  });

  it('two sources read side by side: each property is named with its service', async () => {
    render(
      <ReplyParts
        parts={[grid([freshness('gsc', 'demo-store.example'), freshness('ga', 'Demo Store (GA4)')])]}
      />,
    );
    expect(
      await screen.findByText(
        /^Source: Google Search Console: demo-store\.example \(Demo\) · .*; Google Analytics 4: Demo Store \(GA4\) \(Demo\) · /,
      ),
    ).toBeTruthy();
  });
});
