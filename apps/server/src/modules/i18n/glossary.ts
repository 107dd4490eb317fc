/**
 * The product's own terms and how each language says them (issue 26, item 4): a plan is 套餐 in
 * Chinese and an « offre » in French on every page and in every message, never 方案 on one and
 * « formule » or « forfait » on the next. `glossary.test.ts` holds every shipped translation of a
 * message that uses a term to one of its forms here. A message where the English word means
 * something else (a credit card, a sort order) is listed under the term with that sense.
 */
export interface GlossaryTerm {
  /** The English word, singular; its plural is matched too. */
  term: string;
  /** The accepted forms per language (any one of them, case aside). */
  forms: { zh_CN: string[]; zh_HK: string[]; fr_FR: string[] };
  /** msgids in which the word has another sense, and so another translation. */
  otherSenses?: string[];
}

export const GLOSSARY: GlossaryTerm[] = [
  {
    term: 'credit',
    forms: { zh_CN: ['积分'], zh_HK: ['積分'], fr_FR: ['crédit'] },
    otherSenses: [
      // A payment card; and money credited against a new plan's price.
      'Start with the free plan. No credit card needed.',
      'Credit for the unused period',
    ],
  },
  { term: 'plan', forms: { zh_CN: ['套餐'], zh_HK: ['套餐'], fr_FR: ['offre'] } },
  { term: 'invoice', forms: { zh_CN: ['发票', '开票'], zh_HK: ['發票', '開票'], fr_FR: ['facture'] } },
  {
    term: 'order',
    forms: { zh_CN: ['订单'], zh_HK: ['訂單'], fr_FR: ['commande'] },
    // The order plans are listed in.
    otherSenses: ['Order on the pricing page'],
  },
  { term: 'team', forms: { zh_CN: ['团队'], zh_HK: ['團隊'], fr_FR: ['équipe'] } },
  { term: 'project', forms: { zh_CN: ['项目'], zh_HK: ['項目'], fr_FR: ['projet'] } },
  {
    term: 'dataset',
    forms: { zh_CN: ['数据集'], zh_HK: ['數據集', '資料集'], fr_FR: ['jeu de données', 'jeux de données'] },
  },
  { term: 'subscription', forms: { zh_CN: ['订阅'], zh_HK: ['訂閱'], fr_FR: ['abonnement'] } },
  { term: 'assistant', forms: { zh_CN: ['助手'], zh_HK: ['助手'], fr_FR: ['assistant'] } },
  { term: 'folder', forms: { zh_CN: ['文件夹'], zh_HK: ['資料夾', '文件夾'], fr_FR: ['dossier'] } },
  { term: 'refund', forms: { zh_CN: ['退款'], zh_HK: ['退款'], fr_FR: ['rembours'] } },
  {
    term: 'password',
    forms: { zh_CN: ['密码'], zh_HK: ['密碼'], fr_FR: ['mot de passe', 'mots de passe'] },
  },
  { term: 'role', forms: { zh_CN: ['角色'], zh_HK: ['角色'], fr_FR: ['rôle'] } },
];
