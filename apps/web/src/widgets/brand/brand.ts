/** The product's name. A proper name, so it is not passed through translation. */
export const PRODUCT_NAME = 'Marketing AI Workspace';
