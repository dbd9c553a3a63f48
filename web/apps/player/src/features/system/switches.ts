// Whitelabel switches as the forms need them: a child switch is on only when
// every parent on its path is on too (docs/brand.md, whitelabel tree).
import type { WhitelabelNode } from '@/features/system/api/status';

export function switchEnabled(tree: WhitelabelNode[] | undefined, modId: string): boolean {
  const walk = (nodes: WhitelabelNode[] | undefined): boolean | undefined => {
    for (const n of nodes ?? []) {
      if (n.modId === modId) return n.enabled;
      const below = walk(n.childrenNodes);
      if (below !== undefined) return n.enabled && below;
    }
    return undefined;
  };
  return walk(tree) ?? false;
}

export type RegisterModes = {
  /** USERNAMEREG3: registration by username. */
  username: boolean;
  /** MOBILENUMREG3: registration by mobile number. */
  mobile: boolean;
  /** REGMOBVERF3: mobile registration needs the SMS code (it stands in for the captcha). */
  mobileCode: boolean;
  /** MOBILENUMPASSREG3: mobile registration needs a password. */
  mobilePassword: boolean;
};

export function registerModes(tree: WhitelabelNode[] | undefined): RegisterModes {
  return {
    username: switchEnabled(tree, 'USERNAMEREG3'),
    mobile: switchEnabled(tree, 'MOBILENUMREG3'),
    mobileCode: switchEnabled(tree, 'REGMOBVERF3'),
    mobilePassword: switchEnabled(tree, 'MOBILENUMPASSREG3'),
  };
}
