import { id, metadataOf, type StandInHandler, send } from './stripe-stand-in.shared';

/** POST /v1/customers: a customer with the e-mail and metadata sent. */
export const handleCustomers: StandInHandler = (req, res, store) => {
  if (req.method !== 'POST' || req.path !== '/v1/customers') return false;
  const { form } = req;
  const c = { id: id('cus'), object: 'customer', email: form.get('email'), metadata: metadataOf(form) };
  store.customers.set(c.id, c);
  return send(res, 200, c);
};
