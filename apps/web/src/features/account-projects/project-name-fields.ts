type Translate = (text: string) => string;

/**
 * The project modal's fields for the shared NameModal: name and description, limited as the
 * contract's project schema limits them (80 and 1000 characters).
 */
export function projectNameFields(t: Translate) {
  return {
    label: t('Project name'),
    requiredMessage: t('Enter a project name'),
    maxLength: 80,
    description: {
      maxLength: 1000,
      placeholder: t('What the project is for, e.g. the spring campaign for the new product line'),
    },
  };
}
