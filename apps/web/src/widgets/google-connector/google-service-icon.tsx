import type { GoogleService } from '@app/contract/connectors/google-services';

interface GoogleServiceIconProps {
  service: GoogleService;
  size?: number;
  /** The service's name, translated: read aloud and shown on hover. */
  title: string;
}

/** Small marks in each product's colours, drawn here so no remote image is loaded. */
export function GoogleServiceIcon({ service, size = 20, title }: GoogleServiceIconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" data-service={service} role="img">
      <title>{title}</title>
      {service === 'ga' ? (
        <>
          <rect x="3" y="13" width="5" height="8" rx="2.5" fill="#E37400" />
          <rect x="9.5" y="8" width="5" height="13" rx="2.5" fill="#F9AB00" />
          <rect x="16" y="3" width="5" height="18" rx="2.5" fill="#F9AB00" />
        </>
      ) : service === 'gsc' ? (
        <>
          <circle cx="10" cy="10" r="6" fill="none" stroke="#4285F4" strokeWidth="3" />
          <path d="M14.5 14.5 L21 21" stroke="#34A853" strokeWidth="3.2" strokeLinecap="round" />
        </>
      ) : (
        <>
          <path d="M9.2 3.6 L3.4 13.6" stroke="#FBBC04" strokeWidth="5" strokeLinecap="round" />
          <path d="M10.4 3.6 L17.4 15.8" stroke="#4285F4" strokeWidth="5" strokeLinecap="round" />
          <circle cx="5.4" cy="18.4" r="2.8" fill="#34A853" />
        </>
      )}
    </svg>
  );
}
