import type { Translate } from './translate';

/** Why one file of an upload was refused (spec section 8's texts for a full space and a large file). */
export function uploadErrorLabel(error: string, t: Translate): string {
  switch (error) {
    case 'space_size_limit':
      return t('The data space is full, please clear some data first.');
    case 'size_limit':
      return t('Uploaded file is larger than allowed');
    case 'type_limit':
      return t('Uploaded file type is wrong');
    case 'empty_file':
      return t('The file is empty');
    case 'upload_failed':
      return t('Upload failed');
    default:
      return error;
  }
}

/** A dataset's import state. */
export function datasetStatusLabel(status: string, t: Translate): string {
  switch (status) {
    case 'importing':
      return t('Importing');
    case 'ready':
      return t('Ready');
    case 'failed':
      return t('Import failed');
    default:
      return status;
  }
}

/** The kind of values a dataset column (or a query result column) holds. */
export function columnTypeLabel(type: string, t: Translate): string {
  switch (type) {
    case 'date':
      return t('Date');
    case 'number':
      return t('Number');
    case 'percent':
      return t('Percentage');
    case 'currency':
      return t('Currency');
    case 'money':
      return t('Currency');
    case 'text':
      return t('Text');
    default:
      return type;
  }
}

/** Where an imported file goes: a new dataset, or over or after an existing one. */
export function importModeLabel(mode: string, t: Translate): string {
  switch (mode) {
    case 'create':
      return t('A new dataset');
    case 'replace':
      return t('Replace a dataset');
    case 'append':
      return t('Append to a dataset');
    default:
      return mode;
  }
}
