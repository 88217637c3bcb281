/**
 * The sample consumer of pgas4j: a distributed histogram over the OpenSHMEM facade. It runs on
 * the class path as well; this descriptor is what lets it run as a module too.
 */
module org.example.histogram {
    requires org.pgas4j;
}
