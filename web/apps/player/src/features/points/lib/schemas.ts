// The redeem and convert forms' rules (the server checks the same:
// internal/points). Fields are the inputs' strings; messages are keys under
// points:form.
import { z } from '@/lib/zod';

const paymentPassword = z.string().regex(/^[0-9]{6}$/, 'passwordFormat');
const whole = (v: string) => /^[0-9]{1,9}$/.test(v.trim());

export const addressSchema = z.object({
  name: z.string().trim().min(2, 'nameRequired').max(60, 'nameTooLong'),
  phone: z.string().refine((v) => /^\+?[0-9]{7,15}$/.test(v.replace(/\s+/g, '')), 'phoneFormat'),
  address: z.string().trim().min(5, 'addressRequired').max(200, 'addressTooLong'),
});

export type RedeemValues = { quantity: string; paymentPassword: string; address: { name: string; phone: string; address: string } };

export function redeemSchema(opts: { goods: boolean; maxQuantity: number }) {
  return z.object({
    quantity: z.string().refine((v) => whole(v) && Number(v) >= 1 && Number(v) <= opts.maxQuantity, 'quantityRange'),
    paymentPassword,
    address: opts.goods ? addressSchema : z.object({ name: z.string(), phone: z.string(), address: z.string() }),
  });
}

export type ConvertValues = { points: string; paymentPassword: string };

export function convertSchema(opts: { min: number; step: number; balance: number }) {
  return z.object({
    points: z
      .string()
      .refine((v) => whole(v), 'convertStep')
      .refine((v) => !whole(v) || Number(v) >= opts.min, 'convertMin')
      .refine((v) => !whole(v) || Number(v) < opts.min || Number(v) % opts.step === 0, 'convertStep')
      .refine((v) => !whole(v) || Number(v) < opts.min || Number(v) <= opts.balance, 'notEnough'),
    paymentPassword,
  });
}
