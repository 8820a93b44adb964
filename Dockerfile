# Build the release binary, then run it as a non-root user in a slim image.
FROM rust:1-bookworm AS build
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
COPY src ./src
COPY assets ./assets
COPY locales ./locales
COPY benches ./benches
COPY migrations ./migrations
RUN cargo build --release --locked --bin arcana

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --create-home --home-dir /home/arcana arcana \
    && mkdir -p /data && chown arcana /data
COPY --from=build /src/target/release/arcana /usr/local/bin/arcana
COPY config.example.toml /etc/arcana/config.example.toml
USER arcana
VOLUME ["/data"]
# The default data directory is relative: running in /data keeps games in the volume.
WORKDIR /data
ENTRYPOINT ["arcana"]
CMD ["run"]
