package org.pgas4j;

/**
 * Where an endpoint lives ({@code gex_EP_Location_t}, seed 000 section 3.4): the jobrank of its
 * process and its endpoint index there. Within one job it names an endpoint uniquely.
 *
 * @param jobRank the jobrank of the process owning the endpoint
 * @param index the endpoint index on that process (0: the primordial endpoint)
 */
public record EndpointLocation(int jobRank, int index) {
}
