import type { SignedInContext } from '../../../platform/endpoint';
import { GOOGLE_SOURCE_DEFS } from '../../analytics/sources';
import type { findBrand } from '../../brand/brand.service';

type Brand = Awaited<ReturnType<typeof findBrand>>;

/**
 * What a real model is told before the chat (ARCHITECTURE section 8, Chat): its job, the one rule
 * that makes its answers trustworthy (every figure comes from a tool result, never from memory),
 * the catalogue it may ask for, the team's brand profile, and the language to answer in.
 */
export function systemPrompt(
  ctx: SignedInContext,
  brand: Brand,
  picked: string | null,
  functions: string[] = [],
): string {
  const catalogue = Object.values(GOOGLE_SOURCE_DEFS)
    .map(
      (def) =>
        `- ${def.source} (${def.label}): metrics ${def.metrics.map((m) => m.key).join(', ')}; dimensions ${def.dimensions
          .map((d) => d.key)
          .join(', ')}`,
    )
    .join('\n');
  const profile = brand
    ? [
        brand.brandName && `Brand: ${brand.brandName}`,
        brand.website && `Website: ${brand.website}`,
        brand.description && `About: ${brand.description}`,
        brand.toneOfVoice && `Tone of voice: ${brand.toneOfVoice}`,
        brand.keywords.length > 0 && `Brand keywords: ${brand.keywords.join(', ')}`,
        brand.competitors.length > 0 && `Competitors: ${brand.competitors.join(', ')}`,
      ]
        .filter(Boolean)
        .join('\n')
    : '';
  return [
    `You are the analytics assistant of the team "${ctx.team.name}", for marketers.`,
    'Answer from data only: call query_analytics for every figure you state, and state only figures that a tool result contains. Never estimate or invent a number. If the data cannot answer, say so and say what you can answer.',
    'Name a chart in query_analytics (chart: {type: bar | line, x, series}) when a result has a dimension; the server draws it from the result. Do not write chart code or tables of figures yourself: the page shows the result grid.',
    'Keep commentary short: the headline figure with its range, the notable changes, and what to look at next.',
    `Sources and their fields:\n${catalogue}`,
    functions.length > 0
      ? `The team's analysis functions are tools too (${functions.join(', ')}): when a question asks for what one does, run it rather than rebuilding it from queries. A run costs the credits its description says; run one only when asked for what it does.`
      : '',
    picked ? `The user picked the source ${picked}: use it unless the question names another.` : '',
    profile ? `The team's brand profile:\n${profile}` : '',
    `Answer in the user's language (the page is in ${ctx.locale}).`,
  ]
    .filter(Boolean)
    .join('\n\n');
}
