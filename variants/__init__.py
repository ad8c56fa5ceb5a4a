"""Built-in game families, each a plugin package like any third-party one."""
