import type { SVGProps } from 'react';

/*
 * The light pages' icons as inline SVG: the outlines of @ant-design/icons (MIT), so they match
 * the rest of the app, without that package's runtime (its context, colours and two-tone
 * helpers), which the light pages' budget has no room for. Each shape is plain data. This module
 * has the renderer and the shapes the entry chunk needs (the busy spinner, the error page's
 * status icons); every other shape is a module of its own under ./icons, so a chunk carries only
 * the shapes its pages draw.
 */

export interface IconShape {
  viewBox: string;
  paths: readonly string[];
  /** Drawn with lines (2 units wide) rather than filled. */
  stroke?: boolean;
}

interface LightIconProps extends Omit<SVGProps<SVGSVGElement>, 'viewBox' | 'children'> {
  shape: IconShape;
}

/** Decoration only (`aria-hidden`): whatever the icon means is said in text beside it. */
export function LightIcon({ shape, className, ...props }: LightIconProps) {
  return (
    <svg
      viewBox={shape.viewBox}
      width="1em"
      height="1em"
      fill={shape.stroke ? 'none' : 'currentColor'}
      stroke={shape.stroke ? 'currentColor' : undefined}
      strokeWidth={shape.stroke ? 2 : undefined}
      strokeLinecap={shape.stroke ? 'round' : undefined}
      focusable="false"
      aria-hidden
      className={className ? `light-icon ${className}` : 'light-icon'}
      {...props}
    >
      {shape.paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

export const LOADING_ICON: IconShape = {
  viewBox: '0 0 1024 1024',
  paths: [
    'M988 548c-19.9 0-36-16.1-36-36 0-59.4-11.6-117-34.6-171.3a440.45 440.45 0 00-94.3-139.9 437.71 437.71 0 00-139.9-94.3C629 83.6 571.4 72 512 72c-19.9 0-36-16.1-36-36s16.1-36 36-36c69.1 0 136.2 13.5 199.3 40.3C772.3 66 827 103 874 150c47 47 83.9 101.8 109.7 162.7 26.7 63.1 40.2 130.2 40.2 199.3.1 19.9-16 36-35.9 36z',
  ],
};

export const CLOSE_CIRCLE_ICON: IconShape = {
  viewBox: '64 64 896 896',
  paths: [
    'M512 64c247.4 0 448 200.6 448 448S759.4 960 512 960 64 759.4 64 512 264.6 64 512 64zm127.98 274.82h-.04l-.08.06L512 466.75 384.14 338.88c-.04-.05-.06-.06-.08-.06a.12.12 0 00-.07 0c-.03 0-.05.01-.09.05l-45.02 45.02a.2.2 0 00-.05.09.12.12 0 000 .07v.02a.27.27 0 00.06.06L466.75 512 338.88 639.86c-.05.04-.06.06-.06.08a.12.12 0 000 .07c0 .03.01.05.05.09l45.02 45.02a.2.2 0 00.09.05.12.12 0 00.07 0c.02 0 .04-.01.08-.05L512 557.25l127.86 127.87c.04.04.06.05.08.05a.12.12 0 00.07 0c.03 0 .05-.01.09-.05l45.02-45.02a.2.2 0 00.05-.09.12.12 0 000-.07v-.02a.27.27 0 00-.05-.06L557.25 512l127.87-127.86c.04-.04.05-.06.05-.08a.12.12 0 000-.07c0-.03-.01-.05-.05-.09l-45.02-45.02a.2.2 0 00-.09-.05.12.12 0 00-.07 0z',
  ],
};

export const EXCLAMATION_CIRCLE_ICON: IconShape = {
  viewBox: '64 64 896 896',
  paths: [
    'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm-32 232c0-4.4 3.6-8 8-8h48c4.4 0 8 3.6 8 8v272c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8V296zm32 440a48.01 48.01 0 010-96 48.01 48.01 0 010 96z',
  ],
};
