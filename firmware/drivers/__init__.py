"""Display drivers: each is a framebuf.FrameBuffer handed its bus; one show() touches the bus."""
