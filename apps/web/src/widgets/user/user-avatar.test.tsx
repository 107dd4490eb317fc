import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserAvatar } from './user-avatar';

describe('UserAvatar', () => {
  it('draws the first letter of the name at a size that fills the circle: 25 px in a 56 px avatar', () => {
    render(<UserAvatar username="ada" avatarUrl={null} size={56} />);
    const letter = screen.getByText('A');
    const circle = letter.closest('.ant-avatar') as HTMLElement;
    expect(circle.style.fontSize).toBe('25px');
  });
});
