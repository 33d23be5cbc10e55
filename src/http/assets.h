/* assets.h -- the web page built into the binary (assets.c). */
#ifndef PODIUM_HTTP_ASSETS_H
#define PODIUM_HTTP_ASSETS_H

struct view;

/* Make every asset's view once, at start; PD_ENOMEM on failure. */
int assets_init(void);
void assets_release(void);
/* The asset served at path ("/", "/app.js" ...), or NULL. */
const struct view *asset_find(const char *path);

#endif
