import type { AdPreview } from '@app/contract/analysis/ad-copy';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { AdPreviewBlock } from './ad-preview-block';

const ad: AdPreview = {
  displayUrl: 'https://www.example.com/landing',
  paths: ['shoes', 'running'],
  headlines: ['Running Shoes Sale', 'Free Delivery', 'Shop Today'],
  descriptions: ['Light, fast shoes for every run.', 'Order by 6 pm for next-day delivery.'],
};

function renderPreview(preview: AdPreview) {
  const { container } = render(
    <AppProviders queryClient={createQueryClient()}>
      <AdPreviewBlock ad={preview} />
    </AppProviders>,
  );
  const part = (name: string) => container.querySelector(`.ad-preview__${name}`)?.textContent;
  return { container, part };
}

describe('AdPreviewBlock (spec section 3, "Ad preview")', () => {
  it("shows a 'Sponsored' label, as a search result ad does", () => {
    renderPreview(ad);
    expect(screen.getByText('Sponsored')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Ad preview' })).toBeTruthy();
  });

  it('shows the display URL as domain/path1/path2', () => {
    const { part } = renderPreview(ad);
    expect(part('url')).toBe('www.example.com/shoes/running');
  });

  it("joins the three headlines with ' | ' as the title", () => {
    const { part } = renderPreview(ad);
    expect(part('title')).toBe('Running Shoes Sale | Free Delivery | Shop Today');
  });

  it('joins the two descriptions with a space', () => {
    const { part } = renderPreview(ad);
    expect(part('description')).toBe('Light, fast shoes for every run. Order by 6 pm for next-day delivery.');
  });

  it('leaves blank pieces out rather than showing empty separators', () => {
    const { part } = renderPreview({ ...ad, paths: ['', 'running'], headlines: ['One', '', 'Three'] });
    expect(part('url')).toBe('www.example.com/running');
    expect(part('title')).toBe('One | Three');
  });

  it('marks nothing while every piece is within its limit', () => {
    const { container } = renderPreview(ad);
    expect(container.querySelectorAll('mark')).toHaveLength(0);
  });

  it('marks a headline over 30 in red with length/limit', () => {
    const { container } = renderPreview({
      ...ad,
      headlines: ['A'.repeat(31), 'Free Delivery', 'Shop Today'],
    });
    const marks = container.querySelectorAll('mark');
    expect(marks).toHaveLength(1);
    expect(marks[0]?.textContent).toBe(`${'A'.repeat(31)}31/30`);
    expect(marks[0]?.className).toContain('ad-preview__over');
  });

  it('counts a full-width character twice: 16 Chinese characters are 32/30', () => {
    renderPreview({ ...ad, headlines: ['跑'.repeat(15), '鞋'.repeat(16), ''] });
    expect(screen.queryByText('30/30')).toBeNull();
    expect(screen.getByText('32/30').closest('mark')?.textContent).toBe(`${'鞋'.repeat(16)}32/30`);
  });

  it('marks a description over 90 and a path over 15, each against its own limit', () => {
    const { container } = renderPreview({
      ...ad,
      paths: ['p'.repeat(16), 'running'],
      descriptions: ['d'.repeat(91), 'd'.repeat(90)],
    });
    expect([...container.querySelectorAll('mark small')].map((count) => count.textContent)).toEqual([
      '16/15',
      '91/90',
    ]);
  });
});
