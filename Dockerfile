# FinRedact's REST service and queue worker in one image (README: "Beyond one machine").
# Built from the repository with the same install CI runs (`npm ci`, whose prepare step builds
# dist/); the image starts the CLI, so `serve` and `worker` behave as they do in the tests.
#   docker build -t finredact .
#   docker run --rm -p 127.0.0.1:8080:8080 -e FINREDACT_TOKEN=… finredact
#   docker run --rm -v /shared:/shared finredact worker --queue redis://redis-host:6379
FROM node:20-bookworm-slim
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund
USER node
EXPOSE 8080
ENTRYPOINT ["node", "dist/src/cli/main.js"]
# Bound beyond loopback inside the container: the service refuses to start without a token.
CMD ["serve", "--host", "0.0.0.0", "--port", "8080"]
