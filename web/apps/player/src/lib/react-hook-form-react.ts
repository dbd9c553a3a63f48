// The React that react-hook-form sees in production builds (vite.config.ts,
// hookFormReact). The library reads React as one default object
// (React.useRef, ...); preact/compat's default object holds every compat
// export, which would pull all of compat into the runtime chunk that every
// page, the home page too, loads. This object holds only what it uses.
import { createContext, createElement, Fragment, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';

export default { createContext, createElement, Fragment, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState };
