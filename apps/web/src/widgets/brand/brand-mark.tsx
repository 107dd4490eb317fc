import { useId } from 'react';
import { PRODUCT_NAME } from './brand';

interface BrandMarkProps {
  /** Hides the name and keeps only the logo, e.g. in a narrow top bar. */
  compact?: boolean;
  /** Light text for dark backgrounds. */
  inverse?: boolean;
  size?: number;
}

/** The product logo with its name, used by the top bar and the sign-in pages. */
export function BrandMark({ compact = false, inverse = false, size = 32 }: BrandMarkProps) {
  // Several marks can be on one page (one of them hidden); a shared gradient id would make the
  // others paint with the hidden one's gradient, which browsers then skip.
  const gradientId = useId();
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10, minWidth: 0 }}>
      {/* With the name shown beside it the logo is decoration; alone, it carries the name. */}
      <svg
        width={size}
        height={size}
        viewBox="0 0 32 32"
        role="img"
        aria-label={compact ? PRODUCT_NAME : undefined}
        aria-hidden={compact ? undefined : true}
      >
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#4f6bff" />
            <stop offset="1" stopColor="#7c3aed" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
        <path d="M8 22V16M13 22V11M18 22V14M23 22V9" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
        <circle cx="23" cy="9" r="2.2" fill="#fff" />
      </svg>
      {compact ? null : (
        <span
          style={{
            fontWeight: 600,
            fontSize: Math.round(size / 2),
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            color: inverse ? '#fff' : 'var(--ant-color-text, rgba(0, 0, 0, 0.88))',
          }}
        >
          {PRODUCT_NAME}
        </span>
      )}
    </span>
  );
}
