import type { AdPreview } from '@app/contract/analysis/ad-copy';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { AdCopyEditor } from './ad-copy-editor';

const blank: AdPreview = {
  displayUrl: 'https://www.example.com',
  paths: [],
  headlines: [],
  descriptions: [],
};

/** A parent holding the ad, as a page does. */
function Controlled({ initial, onChange }: { initial: AdPreview; onChange: (ad: AdPreview) => void }) {
  const [ad, setAd] = useState(initial);
  return (
    <AdCopyEditor
      value={ad}
      onChange={(next) => {
        setAd(next);
        onChange(next);
      }}
    />
  );
}

function renderEditor(initial: AdPreview = blank) {
  const onChange = vi.fn<(ad: AdPreview) => void>();
  const { container } = render(
    <AppProviders queryClient={createQueryClient()}>
      <Controlled initial={initial} onChange={onChange} />
    </AppProviders>,
  );
  return { container, onChange, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** The counter a field is described by. */
const counter = (label: string) =>
  document.getElementById(field(label).getAttribute('aria-describedby') ?? '')?.textContent;

describe('AdCopyEditor', () => {
  it('has inputs for 2 paths, 3 headlines and 2 descriptions, each counted against its limit', () => {
    renderEditor();
    expect(['Path 1', 'Path 2'].map(counter)).toEqual(['0/15', '0/15']);
    expect(['Headline 1', 'Headline 2', 'Headline 3'].map(counter)).toEqual(['0/30', '0/30', '0/30']);
    expect(['Description 1', 'Description 2'].map(counter)).toEqual(['0/90', '0/90']);
  });

  it('counts ASCII characters one each', async () => {
    const { user } = renderEditor();
    await user.type(field('Headline 1'), 'Running shoes');
    expect(counter('Headline 1')).toBe('13/30');
  });

  it('counts Chinese characters two each', async () => {
    const { user } = renderEditor();
    await user.type(field('Headline 1'), '跑鞋特卖');
    expect(counter('Headline 1')).toBe('8/30');
    await user.type(field('Headline 1'), ' 5');
    expect(counter('Headline 1')).toBe('10/30');
  });

  it('refuses input past the limit', async () => {
    const { user } = renderEditor({ ...blank, paths: ['running-shoes'], headlines: ['', 'x'.repeat(28)] });
    await user.type(field('Path 1'), '-sale');
    expect(field('Path 1').value).toBe('running-shoes-s');
    expect(counter('Path 1')).toBe('15/15');
    await user.type(field('Headline 2'), 'yyyy');
    expect(field('Headline 2').value).toBe(`${'x'.repeat(28)}yy`);
  });

  it('15 Chinese characters fill a 30 headline; a 16th is refused', async () => {
    const { user } = renderEditor({ ...blank, headlines: ['运'.repeat(13)] });
    await user.type(field('Headline 1'), '动动动');
    expect(field('Headline 1').value).toBe(`${'运'.repeat(13)}动动`);
    expect(counter('Headline 1')).toBe('30/30');
    // Nor does a half-width character fit after a full headline.
    await user.type(field('Headline 1'), 'a');
    expect(field('Headline 1').value).toBe(`${'运'.repeat(13)}动动`);
  });

  it('a paste keeps only what fits', async () => {
    const { user } = renderEditor();
    await user.click(field('Path 2'));
    await user.paste('a-very-long-path-indeed');
    expect(field('Path 2').value).toBe('a-very-long-pat');
  });

  it('emits the whole ad with every slot', async () => {
    const { user, onChange } = renderEditor();
    await user.type(field('Description 2'), 'Hi');
    expect(onChange).toHaveBeenLastCalledWith({
      displayUrl: 'https://www.example.com',
      paths: ['', ''],
      headlines: ['', '', ''],
      descriptions: ['', 'Hi'],
    });
  });

  it('shows the preview live below the inputs', async () => {
    const { user, container } = renderEditor();
    await user.type(field('Headline 1'), 'Fast shoes');
    await user.type(field('Headline 2'), 'Free returns');
    await user.type(field('Path 1'), 'shoes');
    expect(container.querySelector('.ad-preview__title')?.textContent).toBe('Fast shoes | Free returns');
    expect(container.querySelector('.ad-preview__url')?.textContent).toBe('www.example.com/shoes');
  });

  it('an over-long text from elsewhere is shown as over, and can be shortened', async () => {
    const { user, container } = renderEditor({ ...blank, headlines: ['y'.repeat(32)] });
    expect(counter('Headline 1')).toBe('32/30');
    expect(container.querySelector('mark')?.textContent).toBe(`${'y'.repeat(32)}32/30`);
    await user.click(field('Headline 1'));
    await user.keyboard('{End}{Backspace}{Backspace}');
    expect(counter('Headline 1')).toBe('30/30');
    expect(container.querySelector('mark')).toBeNull();
  });
});
