import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UploadProgress } from './upload-progress';

describe('upload progress bar (spec section 4)', () => {
  it('below zero is an error showing the tip, or Error without one', () => {
    const { unmount } = render(<UploadProgress percent={-1} tip="The data space is full" />);
    expect(screen.getByText('The data space is full')).toBeTruthy();
    unmount();
    render(<UploadProgress percent={-5} />);
    expect(screen.getByText('Error')).toBeTruthy();
  });

  it('blank is indeterminate (no number); a value is a percentage', () => {
    const { container, unmount } = render(<UploadProgress percent={undefined} />);
    expect(container.textContent).toBe('');
    unmount();
    render(<UploadProgress percent={42.4} />);
    expect(screen.getByText('42%')).toBeTruthy();
  });
});
