import type { IconShape } from '../icon';

export const GLOBAL_ICON: IconShape = {
  viewBox: '0 0 24 24',
  stroke: true,
  paths: [
    'M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20zM2 12h20M12 2c2.8 3 4 6.3 4 10s-1.2 7-4 10M12 2c-2.8 3-4 6.3-4 10s1.2 7 4 10',
  ],
};
