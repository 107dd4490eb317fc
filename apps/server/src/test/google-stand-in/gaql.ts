/**
 * The subset of the Google Ads Query Language the stand-in understands: `SELECT fields FROM
 * resource [WHERE cond AND cond ...] [ORDER BY field [ASC|DESC], ...] [LIMIT n]`, with conditions
 * `=`, `!=`, `<`, `<=`, `>`, `>=`, `IN (...)` and `BETWEEN a AND b`. Enough for what the product
 * sends (the customer hierarchy and keyword metrics by day); anything else is refused the way
 * Google refuses a query it cannot parse.
 */

export type GaqlValue = string | number | boolean;

export interface GaqlCondition {
  field: string;
  op: '=' | '!=' | '<' | '<=' | '>' | '>=' | 'IN' | 'BETWEEN';
  values: GaqlValue[];
}

export interface GaqlQuery {
  fields: string[];
  resource: string;
  where: GaqlCondition[];
  orderBy: { field: string; desc: boolean }[];
  limit: number | null;
}

export class GaqlError extends Error {}

type Token = { kind: 'word' | 'string' | 'number' | 'symbol'; text: string };

function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  const re =
    /\s*(?:('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")|(-?\d+(?:\.\d+)?)|([A-Za-z_][\w.]*)|(<=|>=|!=|[=<>(),]))/y;
  let index = 0;
  const trimmed = query.trim();
  while (index < trimmed.length) {
    re.lastIndex = index;
    const match = re.exec(trimmed);
    if (!match) throw new GaqlError(`Error in query: unexpected input at ${index}`);
    index = re.lastIndex;
    if (match[1] !== undefined) tokens.push({ kind: 'string', text: match[1].slice(1, -1) });
    else if (match[2] !== undefined) tokens.push({ kind: 'number', text: match[2] });
    else if (match[3] !== undefined) tokens.push({ kind: 'word', text: match[3] });
    else if (match[4] !== undefined) tokens.push({ kind: 'symbol', text: match[4] });
  }
  return tokens;
}

export function parseGaql(query: string): GaqlQuery {
  const tokens = tokenize(query);
  let at = 0;
  const peek = () => tokens[at];
  const next = () => {
    const token = tokens[at];
    if (!token) throw new GaqlError('Error in query: unexpected end of query');
    at += 1;
    return token;
  };
  const keyword = (word: string) => {
    const token = peek();
    if (token?.kind === 'word' && token.text.toUpperCase() === word) {
      at += 1;
      return true;
    }
    return false;
  };
  const expectKeyword = (word: string) => {
    if (!keyword(word)) throw new GaqlError(`Error in query: expected ${word}`);
  };
  const field = () => {
    const token = next();
    if (token.kind !== 'word') throw new GaqlError(`Error in query: expected a field, got ${token.text}`);
    return token.text.toLowerCase();
  };
  const value = (): GaqlValue => {
    const token = next();
    if (token.kind === 'string') return token.text;
    if (token.kind === 'number') return Number(token.text);
    if (token.kind === 'word' && /^(true|false)$/i.test(token.text))
      return token.text.toLowerCase() === 'true';
    if (token.kind === 'word') return token.text;
    throw new GaqlError(`Error in query: expected a value, got ${token.text}`);
  };

  expectKeyword('SELECT');
  const fields = [field()];
  while (peek()?.text === ',') {
    at += 1;
    fields.push(field());
  }
  expectKeyword('FROM');
  const resource = field();
  const where: GaqlCondition[] = [];
  if (keyword('WHERE')) {
    do {
      const name = field();
      if (keyword('BETWEEN')) {
        const low = value();
        expectKeyword('AND');
        where.push({ field: name, op: 'BETWEEN', values: [low, value()] });
      } else if (keyword('IN')) {
        if (next().text !== '(') throw new GaqlError('Error in query: expected (');
        const values = [value()];
        while (peek()?.text === ',') {
          at += 1;
          values.push(value());
        }
        if (next().text !== ')') throw new GaqlError('Error in query: expected )');
        where.push({ field: name, op: 'IN', values });
      } else {
        const op = next().text;
        if (!['=', '!=', '<', '<=', '>', '>='].includes(op)) {
          throw new GaqlError(`Error in query: unsupported operator ${op}`);
        }
        where.push({ field: name, op: op as GaqlCondition['op'], values: [value()] });
      }
    } while (keyword('AND'));
  }
  const orderBy: GaqlQuery['orderBy'] = [];
  if (keyword('ORDER')) {
    expectKeyword('BY');
    do {
      const name = field();
      const desc = keyword('DESC');
      if (!desc) keyword('ASC');
      orderBy.push({ field: name, desc });
    } while (peek()?.text === ',' && next());
  }
  let limit: number | null = null;
  if (keyword('LIMIT')) {
    const token = next();
    if (token.kind !== 'number') throw new GaqlError('Error in query: LIMIT takes a number');
    limit = Number(token.text);
  }
  if (at !== tokens.length) throw new GaqlError(`Error in query: unexpected ${peek()?.text ?? ''}`);
  return { fields, resource, where, orderBy, limit };
}

/** Whether a row's value passes one condition. */
export function matches(condition: GaqlCondition, actual: GaqlValue | null): boolean {
  if (actual === null) return false;
  const [a, b] = condition.values;
  const cmp = (x: GaqlValue | undefined) =>
    typeof actual === 'number' && typeof x === 'number'
      ? actual - x
      : String(actual).localeCompare(String(x ?? ''));
  switch (condition.op) {
    case '=':
      return cmp(a) === 0;
    case '!=':
      return cmp(a) !== 0;
    case '<':
      return cmp(a) < 0;
    case '<=':
      return cmp(a) <= 0;
    case '>':
      return cmp(a) > 0;
    case '>=':
      return cmp(a) >= 0;
    case 'IN':
      return condition.values.some((v) => String(v) === String(actual));
    case 'BETWEEN':
      return cmp(a) >= 0 && cmp(b) <= 0;
  }
}

/** `ad_group_criterion.keyword.text` -> `adGroupCriterion.keyword.text`, as the REST answer nests it. */
export function jsonPath(field: string): string[] {
  return field.split('.').map((part) => part.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()));
}

/** Puts `value` at the field's nested JSON path in `row`. */
export function setPath(row: Record<string, unknown>, field: string, value: unknown): void {
  const keys = jsonPath(field);
  let node = row;
  keys.forEach((key, i) => {
    if (i === keys.length - 1) {
      node[key] = value;
      return;
    }
    const child = node[key];
    if (child && typeof child === 'object') node = child as Record<string, unknown>;
    else {
      const created: Record<string, unknown> = {};
      node[key] = created;
      node = created;
    }
  });
}
