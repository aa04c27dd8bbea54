import { contactSchema } from '@leadtrail/contracts';
import { recordApi } from '../api/record-api';

export const contactsApi = recordApi('contacts', contactSchema);
