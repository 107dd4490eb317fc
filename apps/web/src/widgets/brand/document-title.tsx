import { PRODUCT_NAME } from './brand';

interface DocumentTitleProps {
  /** The page's own name, already translated. */
  title: string;
}

/** React 19 hoists `<title>` into the document head, so each page names its browser tab. */
export function DocumentTitle({ title }: DocumentTitleProps) {
  return <title>{`${title} · ${PRODUCT_NAME}`}</title>;
}
