// Types for the renderer under tsc: Svelte's rune declarations and .svelte imports.
/// <reference types="svelte" />

declare module '*.svelte' {
  import type { Component } from 'svelte';
  const component: Component<any>;
  export default component;
}
