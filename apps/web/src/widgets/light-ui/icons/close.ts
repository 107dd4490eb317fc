import type { IconShape } from '../icon';

export const CLOSE_ICON: IconShape = {
  viewBox: '0 0 24 24',
  stroke: true,
  paths: ['M6 6l12 12M18 6L6 18'],
};
