import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { basicInfosQuery } from '../../lib/session/basic-infos';

// The Google sources button and its connector load after the page, not with it.
const GoogleSourcesButton = lazy(() =>
  import('../../widgets/google-connector/google-sources-button').then((m) => ({
    default: m.GoogleSourcesButton,
  })),
);

/** Spec section 9: up to 3 icons of the team's bound Google services; a click opens the connector. */
export function GoogleSources() {
  const infos = useQuery(basicInfosQuery);
  if (!infos.data) return null;
  return (
    <Suspense fallback={null}>
      <GoogleSourcesButton gadsEnable={infos.data.global_config.gads_enable} />
    </Suspense>
  );
}
