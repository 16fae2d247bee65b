import { createContext, useContext, useMemo, useState, type ReactNode } from "react";

interface MenuState {
  visible: boolean;
  /** Whether the menu has ever been opened: its code is only fetched from then on. */
  wanted: boolean;
  open: () => void;
  close: () => void;
}

const MenuContext = createContext<MenuState | null>(null);

/** Whether the navigation popup is open; the tab bar and the header's icon both open it. */
export function MenuProvider({ children }: { children: ReactNode }) {
  const [visible, setVisible] = useState(false);
  const [wanted, setWanted] = useState(false);
  const value = useMemo(
    () => ({
      visible,
      wanted,
      open: () => {
        setWanted(true);
        setVisible(true);
      },
      close: () => setVisible(false),
    }),
    [visible, wanted],
  );
  return <MenuContext.Provider value={value}>{children}</MenuContext.Provider>;
}

export function useMenu(): MenuState {
  const state = useContext(MenuContext);
  if (!state) throw new Error("useMenu needs a <MenuProvider> above it");
  return state;
}
