import { lazy, Suspense } from 'react';
import { useHelpTags } from './use-help-tags';

const HelpTagIcon = lazy(() => import('./help-tag-icon').then((m) => ({ default: m.HelpTagIcon })));

interface HelpTagProps {
  /** The page path help is attached to (`/chat`, `/account/usage`), as admins enter it. */
  page: string;
  /** The element's id on that page (`title`). */
  id: string;
}

/**
 * An anchor for help next to an element (a title, a field): draws the help icon with its popover
 * only where an admin wrote help for this page path and element id, and only while the user's
 * help switch is on. The icon, its popover and the HTML sanitiser load with the first help shown.
 */
export function HelpTag({ page, id }: HelpTagProps) {
  const help = useHelpTags(page, [id])[id];
  if (!help) return null;
  return (
    <Suspense fallback={null}>
      <HelpTagIcon entry={help.entry} style={help.style} testId={`help-tag-${id}`} />
    </Suspense>
  );
}
