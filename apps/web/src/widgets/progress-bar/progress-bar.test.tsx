import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { ProgressBar, type ProgressBarProps } from './progress-bar';

function renderBar(props: ProgressBarProps) {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <ProgressBar {...props} />
    </AppProviders>,
  );
}

const bar = () => screen.getByRole('progressbar');

describe('ProgressBar (spec section 4)', () => {
  it('a value below zero is an error showing the tip', () => {
    renderBar({ value: -1, tip: 'The data space is full' });
    expect(screen.getByText('The data space is full')).toBeTruthy();
    expect(bar().className).toContain('ant-progress-status-exception');
  });

  it("a value below zero without a tip shows 'Error'", () => {
    renderBar({ value: -0.5 });
    expect(screen.getByText('Error')).toBeTruthy();
    expect(bar().className).toContain('ant-progress-status-exception');
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['NaN', Number.NaN],
  ])('a blank value (%s) is indeterminate: a busy bar with no percentage', (_name, value) => {
    const { container } = renderBar({ value, tip: 'Importing' });
    expect(bar().getAttribute('aria-valuenow')).toBeNull();
    expect(bar().getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('progressbar', { name: 'Importing' })).toBeTruthy();
    expect(container.textContent).not.toMatch(/\d|%|Error/);
  });

  it('otherwise a percentage', () => {
    renderBar({ value: 42.4 });
    expect(screen.getByText('42%')).toBeTruthy();
    expect(bar().getAttribute('aria-valuenow')).toBe('42');
    expect(bar().className).not.toContain('exception');
  });

  it('zero is a percentage, not an error or a blank', () => {
    renderBar({ value: 0 });
    expect(screen.getByText('0%')).toBeTruthy();
    expect(bar().getAttribute('aria-valuenow')).toBe('0');
  });

  it('a percentage above 100 is shown as 100', () => {
    renderBar({ value: 250 });
    expect(bar().getAttribute('aria-valuenow')).toBe('100');
  });
});
