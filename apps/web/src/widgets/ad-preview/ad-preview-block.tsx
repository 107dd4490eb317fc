import { type AdField, type AdPreview, adProblems } from '@app/contract/analysis/ad-copy';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { adDomain } from './ad-domain';
import './ad-preview.css';

export interface AdPreviewBlockProps {
  ad: AdPreview;
}

interface Piece {
  text: string;
  /** Where adProblems places it. */
  field: AdField;
  index: number;
}

/** The non-blank pieces of one kind, keeping their index so problems can be matched to them. */
function pieces(texts: string[], field: AdField): Piece[] {
  return texts.map((text, index) => ({ text, field, index })).filter((piece) => piece.text.trim() !== '');
}

/**
 * Search ad copy as a Google search result shows it (spec section 3, "Ad preview"): "Sponsored",
 * the domain with the two paths, the three headlines as the blue title, the two descriptions. A
 * piece longer than Google Ads allows is marked in red with its length and limit.
 */
export function AdPreviewBlock({ ad }: AdPreviewBlockProps) {
  const { t } = useTranslation();
  const problems = adProblems(ad);

  const show = ({ text, field, index }: Piece) => {
    const problem = problems.find((candidate) => candidate.field === field && candidate.index === index);
    if (!problem) return text;
    return (
      <mark className="ad-preview__over" title={t('Too long')}>
        {text}
        <small className="ad-preview__count">
          {problem.length}/{problem.limit}
        </small>
      </mark>
    );
  };

  const join = (list: Piece[], separator: string) =>
    list.map((piece, position) => (
      <Fragment key={`${piece.field}-${piece.index}`}>
        {position > 0 ? separator : null}
        {show(piece)}
      </Fragment>
    ));

  return (
    <article className="ad-preview" aria-label={t('Ad preview')}>
      <div className="ad-preview__sponsored">{t('Sponsored')}</div>
      <div className="ad-preview__url">
        {adDomain(ad.displayUrl)}
        {pieces(ad.paths, 'path').map((piece) => (
          <Fragment key={`path-${piece.index}`}>/{show(piece)}</Fragment>
        ))}
      </div>
      <div className="ad-preview__title">{join(pieces(ad.headlines, 'headline'), ' | ')}</div>
      <div className="ad-preview__description">{join(pieces(ad.descriptions, 'description'), ' ')}</div>
    </article>
  );
}
