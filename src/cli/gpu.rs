//! Whether this machine can draw the window: Bevy stops with a panic when
//! it finds no GPU, so the window asks first and names what to install.

/// Bevy's backends on this system (`WGPU_BACKEND` chooses others).
fn backends() -> wgpu::Backends {
    wgpu::Backends::from_env().unwrap_or(wgpu::Backends::VULKAN)
}

/// An error naming the driver to install when no adapter can draw.
pub fn check_gpu() -> Result<(), String> {
    let backends = backends();
    let mut descriptor = wgpu::InstanceDescriptor::new_without_display_handle_from_env();
    descriptor.backends = backends;
    let instance = wgpu::Instance::new(descriptor);
    let adapters = bevy::tasks::block_on(instance.enumerate_adapters(backends));
    if adapters.is_empty() {
        return Err(format!(
            "no GPU driver for the game window ({backends:?}): install your GPU's Vulkan \
             driver, or Mesa's (Debian and Ubuntu: mesa-vulkan-drivers libvulkan1)"
        ));
    }
    Ok(())
}
