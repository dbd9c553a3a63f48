// PLACEHOLDER (issue 3 in progress): Google and Facebook buttons when the brand configures them.
export type ThirdPartyLoginProps = { onLoggedIn?: () => void };

export function ThirdPartyLogin(_props: ThirdPartyLoginProps) {
  return null;
}
